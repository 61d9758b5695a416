package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.ScopedId;

/**
 * Consecutive failed attempts per target, for auto-pause. The streak is every process's that delivers from
 * the same store, so the adapter that can see all of them keeps it.
 */
public interface FailureStreaks {

    /**
     * Counts a failed attempt.
     *
     * @return the target's streak of consecutive failures, this one included
     * @throws io.hookrelay.queue.StoreException when it could not be counted
     */
    int failed(ScopedId target);

    /**
     * Ends the target's streak.
     *
     * @throws io.hookrelay.queue.StoreException when it could not be recorded
     */
    void succeeded(ScopedId target);

    /**
     * Forgets the target's streak, as when an operator resumes or deletes it.
     *
     * @throws io.hookrelay.queue.StoreException when it could not be recorded
     */
    void reset(ScopedId target);
}
