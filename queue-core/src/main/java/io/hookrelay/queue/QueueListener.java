package io.hookrelay.queue;

/**
 * Hears about changes an {@link IntentQueue} makes, and those its store tells of (see
 * {@link IntentStore#addListener}), so workers react at once instead of at their next poll or lease
 * renewal. Listeners run on the thread that made or learnt of the change and must not block. Each change is
 * ignored unless the listener overrides its method, so a listener names only what it reacts to.
 */
public interface QueueListener {

    /** New or newly due work may be claimable. */
    default void workAvailable() {
    }

    /**
     * An operator retried or cancelled an intent that was running under {@code revoked}, or its work was
     * retired: whoever holds that claim has lost it. Naming the claim, not just the intent, keeps a worker that
     * has meanwhile claimed the intent afresh from being called off by news about the previous claim.
     */
    default void claimRevoked(ClaimRef revoked) {
    }

    /**
     * Work of {@code (kind, target)} was paused. The store holds what is pending or running, but work a pool
     * has claimed ahead for its workers is already in the pool's hands: told here, it gives back whatever no
     * worker has begun, so the pause holds that work too.
     */
    default void paused(String kind, String target) {
    }
}
