package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.PostgresOutage;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PostgreSQL gone for a few seconds under load, as a database restart or failover takes it away: every node
 * answers webhooks {@code 503} with {@code Retry-After} (never a {@code 500}) and fails {@code /readyz} while
 * it is gone, and once it is back every node, never restarted, is ready again, takes webhooks and delivers,
 * with nothing it acknowledged lost.
 */
@TimingSensitive
class PostgresOutageIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "cluster-load";
    /**
     * Longer than a node waits for a connection from its pool before it gives up on a request, so that a
     * webhook sent as the outage begins is answered before it ends.
     */
    private static final Duration OUTAGE = Duration.ofSeconds(7);
    private static final Duration RECOVERY_PATIENCE = Duration.ofSeconds(30);
    private static final int REQUESTS_BEFORE_THE_OUTAGE = 30;

    @Test
    void everyNodeRefusesWith503DuringTheOutageAndRecoversByItselfLosingNothingAcknowledged() throws Exception {
        try (Receiver receiver = Receiver.start();
             PostgresOutage outage = PostgresOutage.inFrontOf(postgres);
             RelayCluster cluster = RelayCluster.start(3, outage.url());
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            receiver.delayAnswers(Duration.ofMillis(20));
            cluster.createPlainSource(SOURCE);
            cluster.createRoutedTarget(SOURCE, NewTarget.to("target", receiver));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, Duration.ofMillis(40));
            long outageBegan;
            long outageEnded;
            List<Duration> readyAgainAfter = new ArrayList<>();
            Probes probes;
            try (load) {
                Await.until(REQUESTS_BEFORE_THE_OUTAGE + " deliveries before the outage", ClusterLoad.DRAIN_PATIENCE,
                        () -> receiver.requestCount() >= REQUESTS_BEFORE_THE_OUTAGE);
                outageBegan = System.nanoTime();
                outage.begin();
                probes = probeEveryNodeWhile(cluster, outageBegan + OUTAGE.toNanos(), () -> {
                    // The outage lasts its whole length, however soon the nodes noticed it.
                    Thread.sleep(Duration.ofNanos(outageBegan + OUTAGE.toNanos() - System.nanoTime()).toMillis());
                    outage.end();
                    return System.nanoTime();
                });
                outageEnded = probes.endedAtNanos();
                assertEveryNodeUnavailableMeanwhile(cluster, probes.answers());
                for (int node = 0; node < cluster.size(); node++) {
                    awaitReadyAgain(cluster, node);
                    readyAgainAfter.add(Duration.ofNanos(System.nanoTime() - outageEnded));
                }
                for (int node = 0; node < cluster.size(); node++) {
                    int which = node;
                    Await.until("node " + node + " acknowledging again", RECOVERY_PATIENCE,
                            () -> !load.of(which).eventIdsSentAfter(outageEnded).isEmpty());
                }
                Await.until("deliveries after the outage", RECOVERY_PATIENCE,
                        () -> receiver.requests().stream().anyMatch(request -> request.arrivedAtNanos() - outageEnded > 0));
            }
            long firstDeliveryAfter = receiver.requests().stream().mapToLong(Receiver.Request::arrivedAtNanos)
                    .filter(arrival -> arrival - outageEnded > 0).min().orElseThrow();
            ClusterLoad.awaitDrained(database);
            List<Refusal> refusals = load.refusals();
            System.out.printf("[figures] PostgresOutageIT outage=%dms events acknowledged=%d refused=%d (503: %d)"
                            + " outage end->ready per node=%s outage end->first delivery=%dms%n",
                    Duration.ofNanos(outageEnded - outageBegan).toMillis(), load.acknowledgedCount(), refusals.size(),
                    refusals.stream().filter(refusal -> refusal.status().orElse(0) == 503).count(),
                    readyAgainAfter.stream().map(Duration::toMillis).toList(),
                    Duration.ofNanos(firstDeliveryAfter - outageEnded).toMillis());

            assertThat(refusals).as("refusals other than 503 (a 500, or no answer at all)")
                    .allMatch(refusal -> refusal.status().orElse(0) == 503);
            for (int node = 0; node < cluster.size(); node++) {
                assertThat(cluster.isUp(node)).as("node %d still the process first started", node).isTrue();
            }
            assertThat(database.heldDeliverySlots()).as("delivery slots still held once everything was delivered").isZero();
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), ClusterLoad.receipts(Map.of("target", receiver), 200),
                    List.of("target"), database, (earlier, later) -> true);
        }
    }

    /** Every node refused webhooks with {@code 503} and {@code Retry-After}, never a {@code 500}, and failed {@code /readyz}. */
    private static void assertEveryNodeUnavailableMeanwhile(RelayCluster cluster, List<Probe> probes) {
        System.out.printf("[figures] PostgresOutageIT during the outage: webhook probes=%d refused 503 with Retry-After=%d"
                        + " /readyz probes failing=%d slowest answer=%dms%n",
                probes.stream().filter(Probe::ingest).count(), probes.stream().filter(Probe::refusedWithRetryAfter).count(),
                probes.stream().filter(probe -> !probe.ingest() && probe.answer().status() != 200).count(),
                Duration.ofNanos(probes.stream().mapToLong(probe -> probe.answeredAtNanos() - probe.sentAtNanos()).max().orElse(0)).toMillis());
        for (int node = 0; node < cluster.size(); node++) {
            int which = node;
            List<Probe> ofNode = probes.stream().filter(probe -> probe.node() == which).toList();
            assertThat(ofNode).as("webhooks node %d refused with 503 and Retry-After during the outage", node)
                    .anyMatch(probe -> probe.ingest() && probe.refusedWithRetryAfter());
            assertThat(ofNode).as("/readyz of node %d failing during the outage", node)
                    .anyMatch(probe -> !probe.ingest() && probe.answer().status() != 200);
        }
        assertThat(probes).as("webhooks during the outage answered other than 202, or 503 with Retry-After")
                .filteredOn(Probe::ingest)
                .allMatch(probe -> probe.answer().status() == 202 || probe.refusedWithRetryAfter());
    }

    /** Waits for {@code node}'s {@code /readyz} to pass; on failure says what it answered and what the node logged at ERROR. */
    private static void awaitReadyAgain(RelayCluster cluster, int node) throws InterruptedException {
        ApiClient api = cluster.api(node);
        try {
            Await.until("node " + node + " ready again", RECOVERY_PATIENCE, () -> api.get("/readyz").status() == 200);
        } catch (AssertionError notReady) {
            throw new AssertionError(notReady.getMessage() + "; /readyz answers " + api.get("/readyz")
                    + "; logged at ERROR: " + cluster.errorLines(node), notReady);
        }
    }

    /** One request a node answered while the database was gone: which, when it was sent and answered, and how. */
    private record Probe(int node, String path, long sentAtNanos, long answeredAtNanos, ApiResponse answer) {
        boolean ingest() {
            return path.startsWith("/hooks/");
        }

        boolean refusedWithRetryAfter() {
            return answer.status() == 503 && answer.header("Retry-After").isPresent();
        }
    }

    /** What the probes got, and when the outage they watched ended. */
    private record Probes(List<Probe> answers, long endedAtNanos) {
    }

    /**
     * Every node asked, over and over until {@code untilNanos}, to take a webhook and whether it is ready,
     * while {@code outage} runs its course and returns when it ended.
     */
    private static Probes probeEveryNodeWhile(RelayCluster cluster, long untilNanos, Callable<Long> outage) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(cluster.size());
        try {
            List<Future<List<Probe>>> probes = new ArrayList<>();
            for (int node = 0; node < cluster.size(); node++) {
                ApiClient api = cluster.api(node).onConnectionsOfItsOwn();
                int which = node;
                probes.add(threads.submit(() -> probe(which, api, untilNanos)));
            }
            long endedAt = outage.call();
            List<Probe> answers = new ArrayList<>();
            for (Future<List<Probe>> probe : probes) {
                answers.addAll(probe.get());
            }
            return new Probes(answers, endedAt);
        } finally {
            threads.shutdownNow();
        }
    }

    private static List<Probe> probe(int node, ApiClient api, long untilNanos) {
        byte[] body = "{\"type\":\"probe\"}".getBytes(StandardCharsets.UTF_8);
        List<Probe> probes = new ArrayList<>();
        while (System.nanoTime() - untilNanos < 0) {
            long sentAt = System.nanoTime();
            ApiResponse ingest = api.ingest(SOURCE, "application/json", body, Map.of());
            probes.add(new Probe(node, "/hooks/" + SOURCE, sentAt, System.nanoTime(), ingest));
            sentAt = System.nanoTime();
            ApiResponse readiness = api.get("/readyz");
            probes.add(new Probe(node, "/readyz", sentAt, System.nanoTime(), readiness));
        }
        return probes;
    }
}
