package io.hookrelay.delivery.testing;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/** Waits for a store's stage as a caller that needs its result before going on does. */
public final class Committed {
    private Committed() {
    }

    /** {@code stage}'s result once it completes; its failure rethrown as it was, not wrapped. */
    public static <T> T join(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
