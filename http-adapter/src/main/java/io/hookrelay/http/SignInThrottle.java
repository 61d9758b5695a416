package io.hookrelay.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows down guessing the admin token through the console's sign-in form: after each failed sign-in from an
 * address, the next one from it is taken only after a wait that doubles with every failure in a row, from one
 * second up to {@link #LONGEST_WAIT}; a sign-in that succeeds ends the wait. Kept in this node's memory: each
 * node slows its own guesses, which is enough to make guessing a token of any length hopeless.
 */
final class SignInThrottle {
    static final Duration LONGEST_WAIT = Duration.ofMinutes(1);
    /** Addresses remembered at most; past it, those whose wait has ended are forgotten. */
    private static final int REMEMBERED = 10_000;

    private record Failures(int inARow, Instant nextTry) {
    }

    private final Clock clock;
    private final Map<String, Failures> byAddress = new ConcurrentHashMap<>();

    SignInThrottle(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return how long {@code address} must still wait before its next sign-in is taken, if at all */
    Optional<Duration> waitFor(String address) {
        Failures failures = byAddress.get(address);
        Instant now = clock.instant();
        if (failures == null || !failures.nextTry().isAfter(now)) {
            return Optional.empty();
        }
        return Optional.of(Duration.between(now, failures.nextTry()));
    }

    void failed(String address) {
        Instant now = clock.instant();
        if (byAddress.size() >= REMEMBERED) {
            byAddress.values().removeIf(failures -> !failures.nextTry().isAfter(now));
        }
        byAddress.compute(address, (ignored, before) -> {
            int inARow = before == null ? 1 : before.inARow() + 1;
            Duration wait = Duration.ofSeconds(1L << Math.min(inARow - 1, 6));
            return new Failures(inARow, now.plus(wait.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait));
        });
    }

    void succeeded(String address) {
        byAddress.remove(address);
    }
}
