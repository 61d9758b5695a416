package io.hookrelay.app.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.model.IngestOutcome;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.http.ActivitySample;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.testing.MutableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ActivitySamplerTest {
    private static final TenantId ACME = TenantId.of("acme");
    private static final TenantId GLOBEX = TenantId.of("globex");
    private static final int SAMPLES = (int) (ActivitySampler.KEPT.toSeconds() / ActivitySampler.INTERVAL.toSeconds());

    private final MutableClock clock = new MutableClock();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final TenantActivity activity = new TenantActivity();
    private final MicrometerRelayMetrics relay = new MicrometerRelayMetrics(registry, activity);
    private final Map<TenantId, Map<String, Long>> waiting = Map.of(TenantId.DEFAULT, Map.of("ci", 5L), ACME, Map.of("billing", 3L),
            GLOBEX, Map.of("erp", 1L));
    private final List<TenantId> waitingRead = new CopyOnWriteArrayList<>();
    private final ActivitySampler sampler = new ActivitySampler(clock, activity, tenant -> {
        waitingRead.add(tenant);
        return waiting.get(tenant);
    });

    @AfterEach
    void close() {
        sampler.close();
    }

    @Test
    void eachTenantsSampleHoldsItsOwnRatesSinceTheSampleBeforeAndTheMetricsTheNodesWithoutATenant() {
        sampler.samples(ACME);
        sampler.samples(TenantId.DEFAULT);
        for (int i = 0; i < 30; i++) {
            relay.ingested(ACME, IngestOutcome.ACCEPTED);
        }
        relay.ingested(ACME, IngestOutcome.DUPLICATE);
        for (int i = 0; i < 20; i++) {
            relay.deliveryAttempted(ACME, DeliveryAttemptOutcome.SUCCESS);
            relay.delivered(ACME, Duration.ofMillis(i % 2 == 0 ? 100 : 300));
        }
        for (int i = 0; i < 10; i++) {
            relay.ingested(TenantId.DEFAULT, IngestOutcome.ACCEPTED);
        }
        relay.deliveryAttempted(TenantId.DEFAULT, DeliveryAttemptOutcome.HTTP_5XX);
        relay.deliveryAttempted(TenantId.DEFAULT, DeliveryAttemptOutcome.TIMEOUT);
        relay.ingested(IngestOutcome.UNKNOWN_SOURCE);
        clock.advance(ActivitySampler.INTERVAL);

        sampler.sample();

        assertThat(sampler.samples(ACME)).containsExactly(
                new ActivitySample(clock.instant(), 3.0, 2.0, 0.0, OptionalDouble.of(200), Map.of("billing", 3L)));
        assertThat(sampler.samples(TenantId.DEFAULT)).containsExactly(
                new ActivitySample(clock.instant(), 1.0, 0.0, 0.2, OptionalDouble.empty(), Map.of("ci", 5L)));
        assertThat(registry.get("relay.ingest").tag("outcome", "accepted").counter().count()).isEqualTo(40);
        assertThat(registry.getMeters()).allSatisfy(meter -> assertThat(meter.getId().getTag("tenant")).isNull());
    }

    @Test
    void onlyTenantsAskedForWithinTheHourHaveTheirWaitingDeliveriesRead() {
        sampler.samples(ACME);
        relay.ingested(GLOBEX, IngestOutcome.ACCEPTED);
        clock.advance(ActivitySampler.INTERVAL);

        sampler.sample();

        assertThat(waitingRead).containsExactly(ACME);
        assertThat(sampler.samples(GLOBEX)).singleElement().satisfies(sample -> {
            assertThat(sample.acceptedPerSecond()).isEqualTo(0.1);
            assertThat(sample.pendingByTarget()).as("globex was not asked for before this sample").isEmpty();
        });
        waitingRead.clear();
        clock.advance(ActivitySampler.INTERVAL);
        sampler.sample();
        assertThat(waitingRead).as("globex from its first request on").containsExactlyInAnyOrder(ACME, GLOBEX);

        waitingRead.clear();
        clock.advance(ActivitySampler.KEPT.minus(ActivitySampler.INTERVAL.multipliedBy(2)));
        sampler.sample();
        assertThat(waitingRead).as("acme was last asked for an hour ago").containsExactly(GLOBEX);
    }

    @Test
    void aHistoryKeepsTheLastHourAndATenantIdleForAnHourIsForgotten() {
        sampler.samples(TenantId.DEFAULT);
        relay.ingested(ACME, IngestOutcome.ACCEPTED);
        for (int i = 0; i < SAMPLES + 5; i++) {
            relay.ingested(TenantId.DEFAULT, IngestOutcome.ACCEPTED);
            clock.advance(ActivitySampler.INTERVAL);
            sampler.sample();
        }

        List<ActivitySample> kept = sampler.samples(TenantId.DEFAULT);
        assertThat(kept).hasSize(SAMPLES).allSatisfy(sample -> {
            assertThat(sample.acceptedPerSecond()).isEqualTo(0.1);
            assertThat(sample.meanLagMillis()).isEmpty();
        });
        assertThat(kept.get(kept.size() - 1).at()).isEqualTo(clock.instant());
        assertThat(sampler.samples(ACME)).as("acme's one webhook was more than an hour ago").isEmpty();
    }

    @Test
    void aSampleTakenWhileTheDatabaseCannotAnswerHasNoWaitingDeliveries() {
        ActivitySampler unavailable = new ActivitySampler(clock, activity, tenant -> {
            throw new TransientStoreException("injected: the database is down", null);
        });
        unavailable.samples(ACME);
        clock.advance(ActivitySampler.INTERVAL);

        unavailable.sample();

        assertThat(unavailable.samples(ACME)).singleElement().satisfies(sample -> assertThat(sample.pendingByTarget()).isEmpty());
        unavailable.close();
    }
}
