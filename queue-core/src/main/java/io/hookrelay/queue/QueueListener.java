package io.hookrelay.queue;

/**
 * Hears about changes an {@link IntentQueue} makes, so workers in the same process react at once instead
 * of at their next poll or lease renewal. Listeners run on the caller's thread and must not block.
 */
public interface QueueListener {

    /** New or newly due work may be claimable. */
    void workAvailable();

    /** An operator retried or cancelled the intent: whoever runs it now has lost its claim. */
    void claimRevoked(String intentId);
}
