package io.hookrelay.queue.time;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SteadyClockTest {
    private static final Instant START = MutableClock.DEFAULT_START;

    private final MutableClock wall = new MutableClock(START);
    private final AtomicLong nanos = new AtomicLong(7_000_000_000L);
    private final SteadyClock clock = new SteadyClock(wall, nanos::get);

    @Test
    void tellsTheWallClockWhileItMovesAsTheMonotonicOneDoes() {
        pass(Duration.ofMillis(1_234));

        assertThat(clock.instant()).isEqualTo(START.plusMillis(1_234));
    }

    @Test
    void aWallClockThatLeaptForwardIsCaughtUpWithAtHalfAgainTheSpeed() {
        wall.advance(Duration.ofMinutes(5));

        pass(Duration.ofSeconds(10));
        assertThat(clock.instant()).isEqualTo(START.plusSeconds(15));

        pass(Duration.ofMinutes(10));
        assertThat(clock.instant()).isEqualTo(wall.instant());
    }

    @Test
    void aWallClockThatLeaptBackSlowsItToHalfSpeedAndNeverTurnsItBack() {
        wall.set(START.minus(Duration.ofMinutes(5)));

        pass(Duration.ofSeconds(10));
        assertThat(clock.instant()).isEqualTo(START.plusSeconds(5));

        pass(Duration.ofMinutes(20));
        assertThat(clock.instant()).isEqualTo(wall.instant());
    }

    @Test
    void aMonotonicClockThatWentBackMovesNothing() {
        pass(Duration.ofSeconds(1));
        Instant told = clock.instant();

        nanos.addAndGet(-Duration.ofSeconds(5).toNanos());

        assertThat(clock.instant()).isEqualTo(told);
    }

    /** Time that really passed: the wall clock and the monotonic one move together. */
    private void pass(Duration duration) {
        wall.advance(duration);
        nanos.addAndGet(duration.toNanos());
    }
}
