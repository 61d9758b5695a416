package io.hookrelay.storage.sqlite.inprocess;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.FailureStreaks;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link FailureStreaks} in this process's memory: on SQLite one process owns the data directory, so it sees
 * every attempt there is.
 *
 * <p>A restart forgets the streaks, so a target that was failing gets up to its threshold more attempts before
 * it is paused again. That costs a few requests to a receiver that is down, and saves a write on every attempt
 * of every healthy one.
 */
public final class InProcessFailureStreaks implements FailureStreaks {
    private final Map<ScopedId, Integer> streaks = new ConcurrentHashMap<>();

    @Override
    public int failed(ScopedId target) {
        return streaks.merge(target, 1, Integer::sum);
    }

    @Override
    public void succeeded(ScopedId target) {
        streaks.remove(target);
    }

    @Override
    public void reset(ScopedId target) {
        streaks.remove(target);
    }
}
