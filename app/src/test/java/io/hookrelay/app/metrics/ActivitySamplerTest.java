package io.hookrelay.app.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.model.IngestOutcome;
import io.hookrelay.http.ActivitySample;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.testing.MutableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ActivitySamplerTest {
    private final MutableClock clock = new MutableClock();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final MicrometerRelayMetrics relay = new MicrometerRelayMetrics(registry);
    private final Map<String, Long> waiting = new HashMap<>(Map.of("billing", 3L));
    private final ActivitySampler sampler = new ActivitySampler(clock, () -> Map.copyOf(waiting));

    @AfterEach
    void close() {
        sampler.close();
    }

    @Test
    void aSampleHoldsTheRatesSinceTheReadingBefore() {
        sampler.bindTo(registry);
        for (int i = 0; i < 30; i++) {
            relay.ingested(IngestOutcome.ACCEPTED);
        }
        relay.ingested(IngestOutcome.DUPLICATE);
        for (int i = 0; i < 20; i++) {
            relay.deliveryAttempted(DeliveryAttemptOutcome.SUCCESS);
            relay.delivered(Duration.ofMillis(i % 2 == 0 ? 100 : 300));
        }
        relay.deliveryAttempted(DeliveryAttemptOutcome.HTTP_5XX);
        relay.deliveryAttempted(DeliveryAttemptOutcome.TIMEOUT);
        clock.advance(Duration.ofSeconds(10));

        sampler.sample();

        assertThat(sampler.samples()).containsExactly(
                new ActivitySample(clock.instant(), 3.0, 2.0, 0.2, OptionalDouble.of(200), Map.of("billing", 3L)));
    }

    @Test
    void anIntervalWithNoDeliveryHasNoLagAndOnlyTheLastHourIsKept() {
        sampler.bindTo(registry);
        int intervals = (int) (ActivitySampler.KEPT.toSeconds() / ActivitySampler.INTERVAL.toSeconds()) + 5;
        for (int i = 0; i < intervals; i++) {
            clock.advance(ActivitySampler.INTERVAL);
            sampler.sample();
        }

        List<ActivitySample> kept = sampler.samples();
        assertThat(kept).hasSize(intervals - 5);
        assertThat(kept.get(kept.size() - 1).at()).isEqualTo(clock.instant());
        assertThat(kept).allSatisfy(sample -> {
            assertThat(sample.acceptedPerSecond()).isZero();
            assertThat(sample.meanLagMillis()).isEmpty();
        });
    }

    @Test
    void aSampleTakenWhileTheDatabaseCannotAnswerHasNoWaitingDeliveries() {
        ActivitySampler unavailable = new ActivitySampler(clock, () -> {
            throw new TransientStoreException("injected: the database is down", null);
        });
        unavailable.bindTo(registry);
        clock.advance(ActivitySampler.INTERVAL);

        unavailable.sample();

        assertThat(unavailable.samples()).singleElement().satisfies(sample -> assertThat(sample.pendingByTarget()).isEmpty());
        unavailable.close();
    }
}
