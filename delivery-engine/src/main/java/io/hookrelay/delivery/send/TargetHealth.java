package io.hookrelay.delivery.send;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Consecutive failed attempts per target, for auto-pause.
 *
 * <p>Kept in memory only: a restart forgets the counts, so a target that was failing gets up to
 * {@code autoPauseAfter} more attempts before it is paused again. That costs a few requests to a receiver
 * that is down, and saves a write on every attempt of every healthy one.
 */
public final class TargetHealth {
    private final int autoPauseAfter;
    private final Map<String, Integer> consecutiveFailures = new ConcurrentHashMap<>();

    public TargetHealth(int autoPauseAfter) {
        if (autoPauseAfter < 1) {
            throw new IllegalArgumentException("auto-pause-after must be at least 1, was " + autoPauseAfter);
        }
        this.autoPauseAfter = autoPauseAfter;
    }

    /** How many consecutive failed attempts pause a target. */
    public int autoPauseAfter() {
        return autoPauseAfter;
    }

    /**
     * Records a failed attempt; true when this failure reaches the auto-pause threshold.
     *
     * <p>Every failure at or past the threshold answers true, not only the one that reaches it: attempts
     * that were already in flight when the target was paused keep failing, and if pausing failed the first
     * time (the store was busy) the next failure tries again. Pausing twice changes nothing.
     */
    public boolean failed(String targetId) {
        return consecutiveFailures.merge(targetId, 1, Integer::sum) >= autoPauseAfter;
    }

    public void succeeded(String targetId) {
        consecutiveFailures.remove(targetId);
    }

    /** Forgets the target's failures, as when an operator resumes it. */
    public void reset(String targetId) {
        consecutiveFailures.remove(targetId);
    }
}
