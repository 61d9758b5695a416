package io.hookrelay.app.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.KindLabels;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MicrometerQueueMetricsTest {
    private final MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private SqliteDatabase database;
    private IntentStore store;
    private MicrometerQueueMetrics metrics;

    @BeforeEach
    void open(@TempDir Path dataDir) {
        database = SqliteDatabase.open(dataDir);
        store = new SqliteIntentStore(database);
        metrics = new MicrometerQueueMetrics(registry, store, KindLabels.defaults(), clock);
    }

    @AfterEach
    void close() {
        database.close();
    }

    @Test
    void everyAllowedKindAndOtherIsExportedAtZeroWhenNothingIsPending() {
        List<String> kinds = registry.find("relay.work.pending").gauges().stream()
                .map(gauge -> gauge.getId().getTag("kind"))
                .toList();

        assertThat(kinds).containsExactlyInAnyOrder("delivery", "webhook", "job", "push", "replication", "other");
        assertThat(registry.find("relay.work.pending").gauges()).allSatisfy(gauge -> assertThat(gauge.value()).isZero());
    }

    @Test
    void pendingCountsFoldUnknownKindsIntoOther() {
        store.enqueue(NewIntent.of("delivery", "evt_1", "target-a", "{}"), clock.instant());
        store.enqueue(NewIntent.of("customer-42-secret-kind", "evt_1", "target-a", "{}"), clock.instant());
        store.enqueue(NewIntent.of("another-odd-kind", "evt_1", "target-a", "{}"), clock.instant());

        assertThat(pending("delivery")).isEqualTo(1.0);
        assertThat(pending("other")).isEqualTo(2.0);
        assertThat(pending("job")).isZero();
        assertThat(registry.scrape()).doesNotContain("customer-42-secret-kind");
    }

    @Test
    void oneReadOfTheStoreServesEveryGaugeForASecond() {
        assertThat(pending("delivery")).isZero();

        store.enqueue(NewIntent.of("delivery", "evt_1", "target-a", "{}"), clock.instant());
        assertThat(pending("delivery")).as("still the snapshot taken a moment ago").isZero();

        clock.advance(MicrometerQueueMetrics.PENDING_MAX_AGE);
        assertThat(pending("delivery")).isEqualTo(1.0);
    }

    @Test
    void pendingIsUnknownRatherThanZeroWhileTheStoreCannotBeRead() {
        database.close();
        clock.advance(MicrometerQueueMetrics.PENDING_MAX_AGE);

        assertThat(pending("delivery")).isNaN();
    }

    @Test
    void attemptsAreCountedAndTimedByKindLabelAndOutcome() {
        metrics.attemptFinished("delivery", AttemptOutcome.SUCCESS, Duration.ofMillis(250));
        metrics.attemptFinished("delivery", AttemptOutcome.SUCCESS, Duration.ofMillis(750));
        metrics.attemptFinished("not-a-known-kind", AttemptOutcome.NO_HANDLER, Duration.ofMillis(1));

        assertThat(registry.get("relay.work.attempts").tags("kind", "delivery", "outcome", "success").counter().count())
                .isEqualTo(2.0);
        assertThat(registry.get("relay.work.attempts").tags("kind", "other", "outcome", "no_handler").counter().count())
                .isEqualTo(1.0);
        Timer timer = registry.get("relay.work.duration").tags("kind", "delivery", "outcome", "success").timer();
        assertThat(timer.count()).isEqualTo(2);
        assertThat(timer.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(1000.0);
        assertThat(registry.scrape()).doesNotContain("not-a-known-kind");
    }

    @Test
    void fifoLanesHeldBackByAFailedHeadAreCountedByKind() {
        store.enqueueAll(List.of(NewIntent.of("delivery", "evt_1", "ledger", "{}").inFifo("ledger"),
                NewIntent.of("delivery", "evt_2", "ledger", "{}").inFifo("ledger"),
                NewIntent.of("delivery", "evt_1", "search", "{}").inFifo("search")), clock.instant());
        List<Intent> heads = store.claim(clock.instant(), Duration.ofSeconds(30), 10);
        assertThat(heads).hasSize(2);
        Intent ledger = heads.stream().filter(head -> head.target().equals("ledger")).findFirst().orElseThrow();
        assertThat(store.retry(ledger.requireClaim(), clock.instant().plusSeconds(60), "http 500", clock.instant())).isTrue();

        assertThat(registry.get("relay.work.fifo.blocked").tag("kind", "delivery").gauge().value()).isEqualTo(1.0);
        assertThat(registry.get("relay.work.fifo.blocked").tag("kind", "job").gauge().value()).isZero();
        assertThat(registry.scrape()).contains("relay_work_fifo_blocked{kind=\"other\"} 0.0");
    }

    @Test
    void storeRetriesAreCountedByOperation() {
        metrics.storeRetried("claim");
        metrics.storeRetried("claim");
        metrics.storeRetried("settle");

        assertThat(registry.get("relay.work.store.retries").tag("operation", "claim").counter().count()).isEqualTo(2.0);
        assertThat(registry.scrape()).contains("relay_work_store_retries_total{operation=\"settle\"} 1.0");
    }

    private double pending(String kind) {
        Gauge gauge = registry.get("relay.work.pending").tag("kind", kind).gauge();
        return gauge.value();
    }
}
