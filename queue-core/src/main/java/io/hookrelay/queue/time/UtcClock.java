package io.hookrelay.queue.time;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock in UTC that tells time in microseconds since the epoch, the finest that stores keep; the base of the clocks
 * that decide leases and due times. In UTC only: nothing here reads a zone, and a copy in another would not share the
 * state that keeps such a clock steady.
 */
public abstract class UtcClock extends Clock {

    /** Now, in microseconds since the epoch. */
    protected abstract long micros();

    @Override
    public final Instant instant() {
        long micros = micros();
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000), Math.floorMod(micros, 1_000_000) * 1_000L);
    }

    @Override
    public final ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public final Clock withZone(ZoneId zone) {
        if (!ZoneOffset.UTC.equals(zone)) {
            throw new UnsupportedOperationException(getClass().getSimpleName() + " is in UTC only");
        }
        return this;
    }

    /** {@code instant} in microseconds since the epoch. */
    public static long microsOf(Instant instant) {
        return instant.getEpochSecond() * 1_000_000 + instant.getNano() / 1_000;
    }
}
