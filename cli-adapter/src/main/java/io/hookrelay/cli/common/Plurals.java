package io.hookrelay.cli.common;

/** "1 delivery", "2 deliveries": counts in sentences people read. */
public final class Plurals {
    private Plurals() {
    }

    public static String count(long count, String one, String many) {
        return count + " " + (count == 1 ? one : many);
    }
}
