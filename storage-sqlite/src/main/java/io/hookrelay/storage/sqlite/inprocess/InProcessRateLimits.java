package io.hookrelay.storage.sqlite.inprocess;

import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.send.TokenBucket;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link RateLimits} in this process's memory, which is where they all are on SQLite: one process owns the data
 * directory, so its workers are every worker there is. A restart starts every bucket full, at most one burst more
 * than the limit.
 */
public final class InProcessRateLimits implements RateLimits {
    private final Map<ScopedId, TokenBucket> buckets = new ConcurrentHashMap<>();

    @Override
    public Optional<Duration> take(ScopedId target, RateLimit limit, Instant now) {
        Objects.requireNonNull(limit, "limit");
        AtomicReference<Optional<Duration>> wait = new AtomicReference<>();
        buckets.compute(target, (id, bucket) -> {
            TokenBucket.Take take = (bucket == null ? TokenBucket.full(limit, now) : bucket).take(limit, now);
            wait.set(take.untilToken());
            return take.after();
        });
        return wait.get();
    }

    @Override
    public void forget(ScopedId target) {
        buckets.remove(target);
    }
}
