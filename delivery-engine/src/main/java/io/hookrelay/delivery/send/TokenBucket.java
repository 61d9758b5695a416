package io.hookrelay.delivery.send;

import io.hookrelay.delivery.RateLimit;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One target's bucket as a rate limit's adapters keep it: the tokens it held when it was last refilled, and when
 * that was. It refills continuously at the limit's rate, up to the limit's burst; a clock that went back refills
 * nothing rather than draining it.
 */
public record TokenBucket(double tokens, Instant refilledAt) {

    /** A bucket no attempt has taken from yet. */
    public static TokenBucket full(RateLimit limit, Instant now) {
        return new TokenBucket(limit.burst(), now);
    }

    public TokenBucket refilled(RateLimit limit, Instant now) {
        if (!now.isAfter(refilledAt)) {
            return new TokenBucket(Math.min(limit.burst(), tokens), refilledAt);
        }
        double elapsedSeconds = Duration.between(refilledAt, now).toNanos() / 1e9;
        return new TokenBucket(Math.min(limit.burst(), tokens + elapsedSeconds * limit.perSecond()), now);
    }

    /** @return empty when a token is there to take; else how long until there is one */
    public Optional<Duration> untilToken(RateLimit limit) {
        if (tokens >= 1) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofNanos((long) Math.ceil((1 - tokens) / limit.perSecond() * 1e9)));
    }

    public TokenBucket less(int taken) {
        return new TokenBucket(tokens - taken, refilledAt);
    }
}
