package io.hookrelay.storage.postgres;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds the open intents of paused pairs beyond a pause's first chunk, one pair at a time on a thread of its own.
 * Holding is what keeps claims from reading a paused backlog at all; until it is done they read the rows and skip
 * them by their pause, so it may lag without anything of the pair being claimed. A pair already waiting here is
 * not queued twice, however often it is paused meanwhile.
 */
final class PauseHolder implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PauseHolder.class);

    private final PostgresIntentStore store;
    private final Set<Pair> queued = ConcurrentHashMap.newKeySet();
    private final ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> {
        Thread holding = new Thread(runnable, "hookrelay-postgres-hold");
        holding.setDaemon(true);
        return holding;
    });

    private record Pair(String kind, String target) {
    }

    PauseHolder(PostgresIntentStore store) {
        this.store = store;
    }

    /** Holds the rest of the pair's open intents soon; returns at once. */
    void holdRest(String kind, String target) {
        Pair pair = new Pair(kind, target);
        if (!queued.add(pair)) {
            return;
        }
        try {
            thread.execute(() -> hold(pair));
        } catch (RejectedExecutionException closed) {
            queued.remove(pair);
        }
    }

    private void hold(Pair pair) {
        queued.remove(pair);
        try {
            int held;
            do {
                held = store.holdChunk(pair.kind(), pair.target());
            } while (held > 0 && !Thread.currentThread().isInterrupted());
        } catch (RuntimeException e) {
            log.warn("holding the work of paused {} {} stopped, claims skip it all the same: {}", pair.kind(), pair.target(),
                    e.getMessage());
        }
    }

    /** Stops holding: what is not held yet stays so until the pair is paused again. */
    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
