package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.RateLimit;
import io.hookrelay.delivery.send.RateLimits;
import io.hookrelay.delivery.send.TokenBucket;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link RateLimits} as rows of {@code target_buckets}, one per rate-limited target, shared by every node on the
 * database. Each node refills the bucket by its own clock; clocks a little apart only move a token a little
 * earlier or later, and one that went back refills nothing. A take is one statement; one that finds the bucket
 * short reads it once more, to say how long until a token.
 */
public final class PostgresRateLimits implements RateLimits {
    private final PostgresDatabase database;

    PostgresRateLimits(PostgresDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public Optional<Duration> take(String targetId, RateLimit limit, Instant now) {
        Objects.requireNonNull(limit, "limit");
        return database.read("take a rate limit token", handle -> {
            BucketDao buckets = handle.attach(BucketDao.class);
            if (buckets.take(targetId, limit.burst(), limit.perSecond() / 1000, now.toEpochMilli()).isPresent()) {
                return Optional.<Duration>empty();
            }
            TokenBucket bucket = buckets.find(targetId)
                    .map(stored -> new TokenBucket(stored.tokens(), Instant.ofEpochMilli(stored.refilledAt())))
                    .orElseGet(() -> TokenBucket.full(limit, now));
            return Optional.of(bucket.refilled(limit, now).untilToken(limit).orElse(Duration.ZERO));
        });
    }
}
