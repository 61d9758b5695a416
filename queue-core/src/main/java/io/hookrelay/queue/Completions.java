package io.hookrelay.queue;

import java.util.concurrent.CompletionException;

/** What asynchronous stages failed with, as their callers would have thrown it. */
public final class Completions {
    private Completions() {
    }

    /** A dependent stage wraps its source's failure in a {@link CompletionException}; this is the failure itself. */
    public static Throwable causeOf(Throwable thrown) {
        return thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
    }
}
