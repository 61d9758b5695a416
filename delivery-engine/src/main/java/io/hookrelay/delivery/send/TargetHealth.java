package io.hookrelay.delivery.send;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.queue.TransientStoreException;
import java.util.Objects;

/** When a target has failed often enough in a row to be paused (auto-pause), by its {@link FailureStreaks}. */
public final class TargetHealth {
    private final FailureStreaks streaks;
    private final int autoPauseAfter;

    public TargetHealth(FailureStreaks streaks, int autoPauseAfter) {
        this.streaks = Objects.requireNonNull(streaks, "streaks");
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
     *
     * @throws io.hookrelay.queue.StoreException when the failure could not be counted
     */
    public boolean failed(ScopedId target) {
        return streaks.failed(target) >= autoPauseAfter;
    }

    /**
     * Records a delivered attempt. A store too busy to record it changes nothing about the delivery, which
     * is done: the streak stays as it was until the next success ends it.
     */
    public void succeeded(ScopedId target) {
        try {
            streaks.succeeded(target);
        } catch (TransientStoreException busy) {
            // The receiver took the delivery; re-sending it because a counter was not written would be worse.
        }
    }

    /** Forgets the target's failures, as when an operator resumes it. */
    public void reset(ScopedId target) {
        streaks.reset(target);
    }
}
