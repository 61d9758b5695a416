package io.hookrelay.queue.time;

import java.time.Clock;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A wall clock that does not jump: it tells {@code wall}'s time while that moves as this process's monotonic clock
 * does, and when {@code wall} jumps (set by hand, stepped by NTP, a VM resumed with an old time) it moves towards the
 * new time at half again or half its normal speed instead of leaping. A queue that judged leases and due times by a
 * clock that leapt forward would take its own live claims for expired and run them twice; one that leapt back would
 * hold due work for the length of the leap. At half again its speed, a lease renewed every third of it still outlasts
 * the time to its next renewal; at half, due work comes due at half pace and never stops. It never goes backwards.
 *
 * <p>For one process that owns its store; nodes that share one go by the store's clock instead.
 */
public final class SteadyClock extends UtcClock {
    /** How much faster or slower than its normal speed it goes while it catches up with a wall clock that jumped. */
    static final double CATCH_UP = 0.5;

    private final Clock wall;
    private final LongSupplier monotonicNanos;
    private long lastNanos;
    private long toldMicros;

    /** Follows {@code wall}, measuring elapsed time by {@code monotonicNanos}, such as {@link System#nanoTime}. */
    SteadyClock(Clock wall, LongSupplier monotonicNanos) {
        this.wall = Objects.requireNonNull(wall, "wall");
        this.monotonicNanos = Objects.requireNonNull(monotonicNanos, "monotonicNanos");
        this.lastNanos = monotonicNanos.getAsLong();
        this.toldMicros = microsOf(wall.instant());
    }

    /** The system's UTC clock, steadied. */
    public static SteadyClock ofSystem() {
        return new SteadyClock(Clock.systemUTC(), System::nanoTime);
    }

    @Override
    protected synchronized long micros() {
        long now = monotonicNanos.getAsLong();
        long elapsedMicros = Math.max(0, now - lastNanos) / 1_000;
        lastNanos = now;
        long steady = toldMicros + elapsedMicros;
        long gap = microsOf(wall.instant()) - steady;
        long mostCaughtUp = (long) (elapsedMicros * CATCH_UP);
        toldMicros = steady + Math.max(-mostCaughtUp, Math.min(mostCaughtUp, gap));
        return toldMicros;
    }
}
