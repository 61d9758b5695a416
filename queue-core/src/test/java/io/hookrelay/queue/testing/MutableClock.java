package io.hookrelay.queue.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that stands still until a test moves it, so rules about due times and leases can be checked at
 * exact instants instead of by waiting. Safe to read and move from several threads.
 */
public final class MutableClock extends Clock {
    /** A whole second, so every instant a test reaches by whole milliseconds survives a millisecond store. */
    public static final Instant DEFAULT_START = Instant.parse("2026-01-01T00:00:00Z");

    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    public MutableClock() {
        this(DEFAULT_START);
    }

    public MutableClock(Instant start) {
        this(new AtomicReference<>(Objects.requireNonNull(start, "start")), ZoneOffset.UTC);
    }

    private MutableClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    /** Moves the clock on (or back, for a negative amount) and returns the new time. */
    public Instant advance(Duration amount) {
        Objects.requireNonNull(amount, "amount");
        return now.updateAndGet(current -> current.plus(amount));
    }

    public void set(Instant instant) {
        now.set(Objects.requireNonNull(instant, "instant"));
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    /** A view in another zone that moves with this clock, as a zone is only how the time is shown. */
    @Override
    public Clock withZone(ZoneId newZone) {
        return new MutableClock(now, Objects.requireNonNull(newZone, "zone"));
    }
}
