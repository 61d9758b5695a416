package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.send.TokenBucket;
import io.hookrelay.storage.postgres.PostgresDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link RateLimits} as rows of {@code target_buckets}, one per rate-limited target keyed as the queue keys it
 * ({@link ScopedId#key}), shared by every node on the database. A take is one statement on an unlogged table, so it
 * waits for no flush. Each node refills the bucket by the database's clock as it reads it
 * ({@code PostgresDatabase#clock}); readings a little apart move a token a little earlier or later, and one that went
 * back refills nothing.
 */
public final class PostgresRateLimits implements RateLimits {
    private final PostgresDatabase database;

    PostgresRateLimits(PostgresDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public Optional<Duration> take(ScopedId target, RateLimit limit, Instant now) {
        Objects.requireNonNull(limit, "limit");
        BucketDao.Taken taken = database.read("take a rate limit token", handle -> handle.attach(BucketDao.class)
                .take(target.key(), limit.burst(), limit.perSecond() / 1000, now.toEpochMilli()));
        return taken.granted() ? Optional.empty() : Optional.of(TokenBucket.until(taken.waiting() - taken.tokens(), limit));
    }

    @Override
    public void forget(ScopedId target) {
        database.read("forget a rate limit bucket", handle -> handle.attach(BucketDao.class).forget(target.key()));
    }
}
