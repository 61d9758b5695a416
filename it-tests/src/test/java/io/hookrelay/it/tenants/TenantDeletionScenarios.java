package io.hookrelay.it.tenants;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deleting a tenant of many events, each with a delivery, while another tenant's webhooks arrive at a steady
 * 200 a second through the HTTP server: the other tenant's ingest latency during the purge is measured against its
 * latency before it, and the figures are printed for docs/benchmarks.md. The build runs it on 5,000 events (fifty
 * batches to purge), which take seconds to ingest on two cores; the figures are of {@code -Dpurge.events=200000},
 * which take minutes.
 *
 * <p>The target is a p99 of 50 ms during the purge. On a machine so loaded that the other tenant's own p99 before the
 * purge is above a third of that, the ceiling asserted is three times that p99 instead: the test then says the purge
 * did not make the tail much worse than the machine already did, rather than failing on the machine. The maximum is
 * reported, not asserted: one answer on a shared machine may wait for a garbage collection or another process.
 */
abstract class TenantDeletionScenarios {
    static final int EVENTS = Integer.getInteger("purge.events", 5_000);
    private static final Duration P99_CEILING = Duration.ofMillis(50);
    private static final Duration PURGE_DEADLINE = Duration.ofMinutes(10);
    private static final Duration BASELINE = Duration.ofSeconds(10);
    /** Enough providers to keep a PostgreSQL node's group commits full: 200,000 events in minutes, not hours. */
    private static final int SEED_CLIENTS = 32;
    /** Two providers pausing 8 ms between answers: about 200 webhooks a second. */
    private static final int STEADY_CLIENTS = 2;
    private static final Duration STEADY_PAUSE = Duration.ofMillis(8);

    /** The deleted tenant's rows in the tables both databases have; {@code %1$s} is the tenant. */
    static final String ROWS_LEFT = """
            SELECT (SELECT count(*) FROM tenant_keys WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM sources WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM targets WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM routes WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM events WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM idempotency_keys WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM deliveries WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM settings WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM audit_log WHERE tenant_id = '%1$s')
                 + (SELECT count(*) FROM intents WHERE target LIKE '%1$s/%%')
                 + (SELECT count(*) FROM paused_work WHERE target LIKE '%1$s/%%')
                 + (SELECT count(*) FROM target_alerts WHERE target_id LIKE '%1$s/%%')""";

    @TempDir
    Path dataDir;

    abstract RelayServer startServer(Path dataDir) throws Exception;

    /** The one number {@code sql} answers, read on a connection of the test's own. */
    abstract long number(String sql) throws Exception;

    /** The deleted tenant's rows left anywhere: relay tables, the queue's intents, logs and pauses, per-target rows. */
    abstract String rowsLeft(String tenant);

    /** What the backend shows of reusing the purged rows' space once new rows are written; checked where it can be. */
    abstract void checkSpaceReused(RelayServer relay) throws Exception;

    @Test
    void aLargeTenantIsPurgedWithoutHoldingAnotherTenantsWebhooks() throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient operator = relay.api();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            operator.post("/api/v1/tenants", "{\"id\":\"beta\"}").expect(201);
            ApiClient acme = TenantScenarios.withKey(operator, "acme", "admin");
            TenantScenarios.configure(acme, relay.startReceiver());
            acme.post("/api/v1/targets/ci/pause").expect(200);
            TenantScenarios.configure(TenantScenarios.withKey(operator, "beta", "admin"), relay.startReceiver());

            long seeding = System.nanoTime();
            try (WebhookLoad seed = WebhookLoad.start(relay.baseUri(), "acme/github", SEED_CLIENTS, Duration.ZERO, 0)) {
                Await.until(EVENTS + " events of acme", PURGE_DEADLINE, () -> seed.acknowledgedCount() >= EVENTS);
            }
            System.out.printf("[figures] %s seeded %d events of acme in %d s%n", getClass().getSimpleName(),
                    EVENTS, Duration.ofNanos(System.nanoTime() - seeding).toSeconds());

            WebhookLoad steady = WebhookLoad.start(relay.baseUri(), "beta/github", STEADY_CLIENTS, STEADY_PAUSE, 0);
            long purged;
            long deleted;
            try (steady) {
                Thread.sleep(BASELINE.toMillis());
                deleted = System.nanoTime();
                operator.delete("/api/v1/tenants/acme").expect(204);
                awaitPurged("acme", deleted);
                purged = System.nanoTime();
            }

            Latencies before = Latencies.of(steady, sent -> sent - deleted < 0);
            Latencies during = Latencies.of(steady, sent -> sent - deleted >= 0 && sent - purged < 0);
            System.out.printf("[figures] %s purge of %d events with their deliveries: %d ms; beta's ingest before: %s; "
                            + "during: %s%n", getClass().getSimpleName(), EVENTS, Duration.ofNanos(purged - deleted).toMillis(),
                    before, during);
            assertThat(steady.refusals()).as("every webhook of beta acknowledged").isEmpty();
            assertThat(during.count()).as("beta kept sending during the purge").isPositive();
            Duration ceiling = before.p99().multipliedBy(3).compareTo(P99_CEILING) > 0 ? before.p99().multipliedBy(3) : P99_CEILING;
            assertThat(during.p99()).as("beta's p99 during the purge").isLessThanOrEqualTo(ceiling);
            assertThat(number(rowsLeft("acme"))).as("no row of acme left anywhere").isZero();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            checkSpaceReused(relay);
        }
    }

    /**
     * Polls four times a second whether the tenant's targets are gone, the last rows a purge deletes: an index look-up,
     * so the polling adds next to nothing to what is measured (asking to create the tenant would be a write each time).
     */
    private void awaitPurged(String tenant, long since) throws Exception {
        while (number("SELECT count(*) FROM targets WHERE tenant_id = '" + tenant + "'") > 0) {
            assertThat(Duration.ofNanos(System.nanoTime() - since)).as("purged within the deadline").isLessThan(PURGE_DEADLINE);
            Thread.sleep(250);
        }
    }

    /** One tenant's ingest latencies, as its providers measured them. */
    record Latencies(int count, Duration p50, Duration p99, Duration max) {
        static Latencies of(WebhookLoad load, LongPredicate sentAt) {
            List<Long> nanos = load.acknowledged().stream().filter(event -> sentAt.test(event.sentAtNanos()))
                    .map(event -> event.answeredAtNanos() - event.sentAtNanos()).sorted().toList();
            if (nanos.isEmpty()) {
                return new Latencies(0, Duration.ZERO, Duration.ZERO, Duration.ZERO);
            }
            return new Latencies(nanos.size(), at(nanos, 0.50), at(nanos, 0.99), Duration.ofNanos(nanos.get(nanos.size() - 1)));
        }

        private static Duration at(List<Long> sorted, double quantile) {
            return Duration.ofNanos(sorted.get((int) Math.ceil(quantile * sorted.size()) - 1));
        }

        @Override
        public String toString() {
            return "n=%d p50=%.1f ms p99=%.1f ms max=%.1f ms".formatted(count, p50.toNanos() / 1e6, p99.toNanos() / 1e6,
                    max.toNanos() / 1e6);
        }
    }
}
