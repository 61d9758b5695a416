package io.hookrelay.cli;

/** "1 delivery", "2 deliveries": counts in sentences people read. */
final class Plurals {
    private Plurals() {
    }

    static String count(long count, String one, String many) {
        return count + " " + (count == 1 ? one : many);
    }
}
