package io.hookrelay.http.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows down guessing the admin token through the console's sign-in form: every sign-in from an address (or a
 * browser known by its device cookie, {@link ConsoleRoutes}) counts as failed until it is known to have succeeded,
 * and the next one from it is taken only after a wait that doubles with every failure in a row, from one second up
 * to {@link #LONGEST_WAIT}. Taking the attempt and counting
 * it are one step, so sign-ins sent at once cannot all slip through. Past {@link #REMEMBERED} addresses still
 * waiting, every new address shares one wait, which bounds both the memory and how fast a crowd of addresses
 * guesses (a flood may then make an operator from a new address wait too; the API's bearer token still works).
 * Kept in this node's memory: each node slows its own guesses, which with a token of the length the server
 * requires (at least 16 characters) leaves guessing hopeless.
 */
final class SignInThrottle {
    static final Duration LONGEST_WAIT = Duration.ofMinutes(1);
    static final int REMEMBERED = 10_000;
    /** The one address every address past {@link #REMEMBERED} is counted as. */
    private static final String CROWD = "";

    private record Failures(int inARow, Instant nextTry) {
    }

    private final Clock clock;
    private final Map<String, Failures> byAddress = new ConcurrentHashMap<>();

    SignInThrottle(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Takes a sign-in from {@code address}, counted as failed until {@link #succeeded} says otherwise.
     *
     * @return how long {@code address} must still wait, when it may not try yet; empty when the sign-in is taken
     */
    Optional<Duration> attempt(String address) {
        Instant now = clock.instant();
        Duration[] wait = new Duration[1];
        byAddress.compute(keyOf(address, now), (ignored, before) -> {
            if (before != null && before.nextTry().isAfter(now)) {
                wait[0] = Duration.between(now, before.nextTry());
                return before;
            }
            int inARow = before == null ? 1 : before.inARow() + 1;
            Duration next = Duration.ofSeconds(1L << Math.min(inARow - 1, 6));
            return new Failures(inARow, now.plus(next.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : next));
        });
        return Optional.ofNullable(wait[0]);
    }

    void succeeded(String address) {
        byAddress.remove(address);
    }

    private String keyOf(String address, Instant now) {
        if (byAddress.containsKey(address) || byAddress.size() < REMEMBERED) {
            return address;
        }
        byAddress.values().removeIf(failures -> !failures.nextTry().isAfter(now));
        return byAddress.size() < REMEMBERED ? address : CROWD;
    }
}
