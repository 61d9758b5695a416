package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.ScopedId;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Targets' rate limits as token buckets, one per target, that every process delivering from the same store takes
 * from: in memory when one process owns the data, in the database when several nodes share it, so only the store's
 * adapter can keep them. A bucket starts full.
 */
public interface RateLimits {

    /**
     * Takes one token from the target's bucket, refilled at {@code limit}'s rate since it was last taken from.
     *
     * @return empty when a token was taken; else how long until the bucket holds one, nothing taken
     * @throws io.hookrelay.queue.TransientStoreException when the store could not be asked
     */
    Optional<Duration> take(ScopedId target, RateLimit limit, Instant now);

    /**
     * Starts the target's bucket over, full, as when it is deleted, one is created under its id or its limit changes:
     * the line of deliveries waiting in the old bucket is gone, or was counted at another rate.
     *
     * @throws io.hookrelay.queue.TransientStoreException when the store could not be asked
     */
    void forget(ScopedId target);
}
