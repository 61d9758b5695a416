package io.hookrelay.delivery.send;

import io.hookrelay.delivery.model.RateLimit;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One target's bucket as a rate limit's adapters keep it: the tokens it held when it was last refilled, how many
 * deliveries were then waiting in line for one, and when that was. Tokens refill continuously at the limit's rate,
 * up to its burst, and the line moves on at the same rate. A delivery that finds no token takes a place at the end
 * of the line and is told when its token will be there, so a backlog comes back one token apart rather than all at
 * once. A clock that went back refills nothing rather than draining anything.
 */
public record TokenBucket(double tokens, double waiting, Instant refilledAt) {

    /** What one take made of the bucket, and how long the taker waits when it got no token. */
    public record Take(TokenBucket after, Optional<Duration> untilToken) {
    }

    /** A bucket no attempt has taken from yet. */
    public static TokenBucket full(RateLimit limit, Instant now) {
        return new TokenBucket(limit.burst(), 0, now);
    }

    public Take take(RateLimit limit, Instant now) {
        TokenBucket refilled = refilled(limit, now);
        if (refilled.tokens >= 1) {
            return new Take(new TokenBucket(refilled.tokens - 1, refilled.waiting, refilled.refilledAt), Optional.empty());
        }
        double place = refilled.waiting + 1;
        return new Take(new TokenBucket(refilled.tokens, place, refilled.refilledAt), Optional.of(until(place - refilled.tokens, limit)));
    }

    /** How long until {@code tokens} more have come in. */
    public static Duration until(double tokens, RateLimit limit) {
        return Duration.ofNanos((long) Math.ceil(tokens / limit.perSecond() * 1e9));
    }

    private TokenBucket refilled(RateLimit limit, Instant now) {
        double came = now.isAfter(refilledAt) ? Duration.between(refilledAt, now).toNanos() / 1e9 * limit.perSecond() : 0;
        return new TokenBucket(Math.min(limit.burst(), tokens + came), Math.max(0, waiting - came), now.isAfter(refilledAt) ? now : refilledAt);
    }
}
