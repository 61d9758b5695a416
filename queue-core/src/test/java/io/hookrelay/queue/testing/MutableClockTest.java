package io.hookrelay.queue.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MutableClockTest {
    private final MutableClock clock = new MutableClock();

    @Test
    void itStandsStillAtTheStartUntilMoved() {
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);

        assertThat(clock.advance(Duration.ofMillis(1_500))).isEqualTo(Instant.parse("2026-01-01T00:00:01.500Z"));
        clock.set(Instant.parse("2030-06-01T00:00:00Z"));
        assertThat(clock.millis()).isEqualTo(Instant.parse("2030-06-01T00:00:00Z").toEpochMilli());
    }

    @Test
    void aZonedViewMovesWithIt() {
        var zoned = clock.withZone(ZoneId.of("Europe/Berlin"));

        clock.advance(Duration.ofHours(1));

        assertThat(zoned.instant()).isEqualTo(clock.instant());
        assertThat(zoned.getZone()).isEqualTo(ZoneId.of("Europe/Berlin"));
    }

    @Test
    void concurrentAdvancesAreNeverLost() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(4);
        for (int i = 0; i < 4_000; i++) {
            threads.execute(() -> clock.advance(Duration.ofMillis(1)));
        }
        threads.shutdown();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

        assertThat(clock.instant()).isEqualTo(MutableClock.DEFAULT_START.plusSeconds(4));
    }
}
