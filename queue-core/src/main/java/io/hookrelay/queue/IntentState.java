package io.hookrelay.queue;

import java.util.Locale;

/**
 * Where an intent is in its life. {@code completed}, {@code failed} and {@code cancelled} are terminal:
 * only an operator's explicit retry of a failed or cancelled intent moves one of them again.
 */
public enum IntentState {
    PENDING,
    RUNNING,
    COMPLETED,
    /** A handler said stop, or the retry policy ran out. */
    FAILED,
    /** An operator cancelled it. */
    CANCELLED;

    /** The lower-case name stores and APIs use. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static IntentState fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }

    public boolean isTerminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED;
    }
}
