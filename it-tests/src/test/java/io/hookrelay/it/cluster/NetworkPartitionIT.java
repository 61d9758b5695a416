package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.NodeNetworks;
import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad.Acknowledged;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.InetAddress;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Three nodes, each in a network namespace of its own, lose the database for real (DESIGN §9): {@code iptables} in
 * a node's namespace drops every packet between it and PostgreSQL, as a failed switch or a firewall does, with
 * webhooks streaming in through every node. A cut node answers {@code 503} with {@code Retry-After} within seconds
 * (never {@code 202} for what it could not store, never {@code 500}, no webhook left waiting past ten seconds),
 * fails {@code /readyz}, gives up its claims before their leases end so that whoever takes them over sends them
 * alone, and once the network heals is ready again and delivers without a restart. Every acknowledged event
 * reaches both targets; one is sent twice only where a cut node's attempt had begun before it gave up.
 *
 * <p>Needs root, {@code ip} and {@code iptables} ({@link NodeNetworks}); elsewhere run with {@code sudo -E mvn …}.
 */
@TimingSensitive
class NetworkPartitionIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "cluster-load";
    private static final List<String> TARGETS = List.of("alpha", "beta");
    private static final Duration ANSWER_DELAY = Duration.ofMillis(100);
    private static final Duration PACE = Duration.ofMillis(40);
    private static final int CLIENTS_PER_NODE = 3;
    private static final int ACKNOWLEDGED_BEFORE_THE_FAULT = 150;
    /** No webhook waits longer than this for its answer: not before, during or after a cut. */
    private static final Duration LONGEST_ANSWER = Duration.ofSeconds(10);
    /** How soon a cut node fails {@code /readyz} after the cut, and passes it again after the heal. */
    private static final Duration NOTICED_WITHIN = Duration.ofSeconds(10);
    /**
     * A claim whose renewals stop landing is given up half a renewal period before its lease (30 s, renewed every
     * 10 s) ends: at most 25 s after the cut, plus the watch's tick and the time a renewal took to land.
     */
    private static final Duration GIVEN_UP_WITHIN = Duration.ofSeconds(27);
    private static final Duration REJOIN_PATIENCE = Duration.ofSeconds(30);
    private static final Duration SLOW_SPAN = Duration.ofSeconds(60);
    private static final Duration DELAY = Duration.ofMillis(200);
    private static final Duration JITTER = Duration.ofMillis(100);
    private static final double LOSS = 0.05;

    /** Each test's cluster starts on an empty database, as a new deployment does. */
    @BeforeEach
    void emptyDatabase() throws SQLException {
        postgres.execute("DROP SCHEMA public CASCADE");
        postgres.execute("CREATE SCHEMA public");
    }

    @Test
    void aNodeCutOffFromTheDatabaseFor60sRefusesAndStopsWhileTheOthersGoOnAndItRejoinsByItself() throws Exception {
        partitionUnderLoad(Set.of(0), Duration.ofSeconds(60));
    }

    @Test
    void theDatabaseCutOffFromEveryNodeFor30sIsWaitedOutByEachAndNothingIsLost() throws Exception {
        partitionUnderLoad(Set.of(0, 1, 2), Duration.ofSeconds(30));
    }

    /**
     * Every node's packets to the database held 200 ms ± 100 ms, and 5% of them dropped either way, for a minute:
     * slower, never wrong. The delay is {@code delay_packets.py}'s (see {@link NodeNetworks#delayDatabasePackets}).
     */
    @Test
    void aSlowLossyLinkToTheDatabaseFor60sLosesNothingAndAnswersNo500() throws Exception {
        underLoad(deployment -> {
            NodeNetworks networks = deployment.networks();
            ClusterLoad load = deployment.load();
            long began;
            long ended;
            List<Long> delayed = new ArrayList<>();
            try (load) {
                for (int node = 0; node < networks.size(); node++) {
                    networks.loseDatabasePackets(node, LOSS);
                    networks.delayDatabasePackets(node, DELAY, JITTER);
                }
                began = System.nanoTime();
                Thread.sleep(SLOW_SPAN.toMillis());
                for (int node = 0; node < networks.size(); node++) {
                    delayed.add(networks.delayedPackets(node));
                    networks.reconnect(node);
                }
                ended = System.nanoTime();
            }
            ClusterLoad.awaitDrained(deployment.database());
            List<Receipt> receipts = ClusterLoad.receipts(deployment.receivers(), 200);
            List<Long> answers = answerMillis(load, sentAt -> sentAt - began >= 0 && sentAt - ended < 0);
            System.out.printf("[figures] NetworkPartitionIT slow lossy link (%s ± %s, %.0f%% loss) for %ds: events sent=%d"
                            + " acknowledged=%d refused 503=%d ingest answer p50=%dms p99=%dms slowest=%dms"
                            + " packets delayed per node=%s duplicates=%d%n",
                    DELAY, JITTER, LOSS * 100, Duration.ofNanos(ended - began).toSeconds(), load.sent(), load.acknowledgedCount(),
                    load.refusals().size(), percentile(answers, 0.50), percentile(answers, 0.99), percentile(answers, 1.0),
                    delayed, DeliveryAudit.countDuplicates(receipts));

            assertThat(delayed).as("packets the delay let go, per node").allMatch(count -> count > 0);
            assertThat(load.refusals()).as("refusals other than 503 with Retry-After (a 500, or no answer at all)")
                    .allMatch(refusal -> refusal.status().orElse(0) == 503 && refusal.retryAfter());
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), receipts, TARGETS, deployment.database(),
                    (earlier, later) -> false);
        });
    }

    /** What a scenario runs on: three nodes in namespaces of their own, two targets and providers posting to every node. */
    private record Deployment(NodeNetworks networks, RelayCluster cluster, ClusterLoad load, Map<String, Receiver> receivers,
                              RelayDatabase database) {
    }

    private interface Scenario {
        void run(Deployment deployment) throws Exception;
    }

    /**
     * Starts a deployment, waits until it has acknowledged and delivered for a while, and runs {@code scenario} on it;
     * the scenario closes the load.
     */
    private static void underLoad(Scenario scenario) throws Exception {
        try (NodeNetworks networks = NodeNetworks.create(3, postgres.url());
             Receiver alpha = Receiver.startOn(InetAddress.getByName(NodeNetworks.HOST));
             Receiver beta = Receiver.startOn(InetAddress.getByName(NodeNetworks.HOST));
             RelayCluster cluster = RelayCluster.startInNamespaces(networks, postgres.url(), "--workers", "8");
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            Map<String, Receiver> receivers = Map.of("alpha", alpha, "beta", beta);
            receivers.values().forEach(receiver -> receiver.delayAnswers(ANSWER_DELAY));
            cluster.createPlainSource(SOURCE);
            TARGETS.forEach(target -> cluster.createRoutedTarget(SOURCE, NewTarget.to(target, receivers.get(target))));
            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, CLIENTS_PER_NODE, PACE);
            try (load) {
                Await.until(ACKNOWLEDGED_BEFORE_THE_FAULT + " events acknowledged and delivered to both targets", ClusterLoad.DRAIN_PATIENCE,
                        () -> load.acknowledgedCount() >= ACKNOWLEDGED_BEFORE_THE_FAULT && alpha.requestCount() > 0 && beta.requestCount() > 0);
                scenario.run(new Deployment(networks, cluster, load, receivers, database));
            }
            cluster.assertNoErrorsPrinted();
        }
    }

    private void partitionUnderLoad(Set<Integer> cut, Duration span) throws Exception {
        underLoad(deployment -> {
            NodeNetworks networks = deployment.networks();
            RelayCluster cluster = deployment.cluster();
            ClusterLoad load = deployment.load();
            Map<String, Receiver> receivers = deployment.receivers();
            RelayDatabase database = deployment.database();
            Set<String> cutAddresses = cut.stream().map(networks::address).collect(Collectors.toSet());

            long cutAt;
            long healedAt;
            Set<String> heldAtTheCut = Set.of();
            try (load; ReadinessWatch readiness = ReadinessWatch.start(cluster)) {
                Set<String> runningBefore = database.runningClaims().keySet();
                cut.forEach(networks::cutFromDatabase);
                cutAt = System.nanoTime();
                if (cut.size() < cluster.size()) {
                    heldAtTheCut = DeadNodeClaims.awaitRetaken(database, cutAt, Duration.ofSeconds(5));
                    assertThat(runningBefore).as("claims running just before the cut").isNotEmpty();
                }
                Thread.sleep(Duration.ofNanos(cutAt + span.toNanos() - System.nanoTime()).toMillis());
                cut.forEach(networks::reconnect);
                healedAt = System.nanoTime();
                for (int node : cut) {
                    awaitRejoined(cluster, load, receivers, networks.address(node), node, healedAt);
                }
                assertReadinessFollowed(readiness, cut, cutAt, healedAt);
            }
            ClusterLoad.awaitDrained(database);
            List<Receipt> receipts = ClusterLoad.receipts(receivers, 200);
            printFigures(load, cut, receipts, cutAt, healedAt, cutAddresses, heldAtTheCut);

            assertAnsweredAsTheyShouldBe(cluster, load, cut, cutAt, healedAt);
            assertNoAttemptBegunAfterGivingUp(receipts, cutAddresses, cutAt, healedAt);
            for (int node = 0; node < cluster.size(); node++) {
                assertThat(cluster.isUp(node)).as("node %d still the process first started", node).isTrue();
            }
            Await.until("every delivery slot given back once everything was delivered", REJOIN_PATIENCE,
                    () -> database.heldDeliverySlots() == 0);
            long givenUpBy = cutAt + GIVEN_UP_WITHIN.toNanos();
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), receipts, TARGETS, database,
                    (earlier, later) -> cutAddresses.contains(earlier.from()) && earlier.arrivedAtNanos() - givenUpBy < 0
                            && earlier.arrivedAtNanos() - cutAt > -ANSWER_DELAY.multipliedBy(20).toNanos());
        });
    }

    /** {@code node} is acknowledging webhooks again and delivering, without a restart. */
    private static void awaitRejoined(RelayCluster cluster, ClusterLoad load, Map<String, Receiver> receivers, String address,
                                      int node, long healedAt) throws InterruptedException {
        Await.until("node " + node + " acknowledging again after the heal", REJOIN_PATIENCE,
                () -> !load.of(node).eventIdsSentAfter(healedAt).isEmpty());
        Await.until("node " + node + " delivering again after the heal", REJOIN_PATIENCE,
                () -> receivers.values().stream().flatMap(receiver -> receiver.requests().stream())
                        .anyMatch(request -> request.from().equals(address) && request.arrivedAtNanos() - healedAt > 0));
        assertThat(cluster.isUp(node)).isTrue();
    }

    private static void assertReadinessFollowed(ReadinessWatch readiness, Set<Integer> cut, long cutAt, long healedAt) {
        for (int node : cut) {
            long failed = readiness.firstAfter(node, cutAt, false).orElseThrow(
                    () -> new AssertionError("node " + node + " never failed /readyz while cut off"));
            assertThat(Duration.ofNanos(failed - cutAt)).as("from the cut to node %d failing /readyz", node)
                    .isLessThanOrEqualTo(NOTICED_WITHIN);
            long ready = readiness.firstAfter(node, healedAt, true).orElseThrow(
                    () -> new AssertionError("node " + node + " never ready again after the heal"));
            System.out.printf("[figures] NetworkPartitionIT node %d: cut->/readyz failing=%dms heal->ready=%dms%n", node,
                    Duration.ofNanos(failed - cutAt).toMillis(), Duration.ofNanos(ready - healedAt).toMillis());
            assertThat(Duration.ofNanos(ready - healedAt)).as("from the heal to node %d ready again", node)
                    .isLessThanOrEqualTo(NOTICED_WITHIN);
        }
    }

    /**
     * Every webhook was answered within {@link #LONGEST_ANSWER}, with {@code 202} or with {@code 503} and
     * {@code Retry-After}; a cut node acknowledged nothing sent to it while it was cut off, and the others
     * acknowledged everything.
     */
    private static void assertAnsweredAsTheyShouldBe(RelayCluster cluster, ClusterLoad load, Set<Integer> cut, long cutAt,
                                                     long healedAt) {
        assertThat(load.refusals()).as("refusals other than 503 with Retry-After (a 500, or no answer at all)")
                .allMatch(refusal -> refusal.status().orElse(0) == 503 && refusal.retryAfter());
        assertThat(load.refusals()).as("refusals that kept their sender waiting past %s", LONGEST_ANSWER)
                .filteredOn(refusal -> refusal.waited().compareTo(LONGEST_ANSWER) > 0).isEmpty();
        assertThat(load.acknowledged()).as("acknowledgements that kept their sender waiting past %s", LONGEST_ANSWER)
                .filteredOn(ack -> Duration.ofNanos(ack.answeredAtNanos() - ack.sentAtNanos()).compareTo(LONGEST_ANSWER) > 0)
                .extracting(Acknowledged::eventId).isEmpty();
        for (int node = 0; node < cluster.size(); node++) {
            List<Acknowledged> acknowledged = load.of(node).acknowledged();
            if (cut.contains(node)) {
                assertThat(acknowledged).as("webhooks node %d acknowledged though sent while it was cut off", node)
                        .noneMatch(ack -> ack.sentAtNanos() - cutAt > 0 && ack.answeredAtNanos() - healedAt < 0);
                assertThat(load.of(node).refusals()).as("webhooks node %d refused while cut off", node).isNotEmpty();
            } else {
                assertThat(load.of(node).refusals()).as("webhooks refused by node %d, which was never cut off", node).isEmpty();
            }
        }
    }

    /** A cut node began no attempt once it had given up its claims, until the heal. */
    private static void assertNoAttemptBegunAfterGivingUp(List<Receipt> receipts, Set<String> cutAddresses, long cutAt, long healedAt) {
        long givenUpBy = cutAt + GIVEN_UP_WITHIN.toNanos();
        assertThat(receipts).as("requests a cut node sent after it had given up its claims and before the heal")
                .noneMatch(receipt -> cutAddresses.contains(receipt.from()) && receipt.arrivedAtNanos() - givenUpBy > 0
                        && receipt.arrivedAtNanos() - healedAt < 0);
    }

    private static void printFigures(ClusterLoad load, Set<Integer> cut, List<Receipt> receipts, long cutAt, long healedAt,
                                     Set<String> cutAddresses, Set<String> heldAtTheCut) {
        List<Refusal> refusals = load.refusals();
        long lastFromCut = receipts.stream().filter(receipt -> cutAddresses.contains(receipt.from()))
                .mapToLong(Receipt::arrivedAtNanos).filter(arrival -> arrival - healedAt < 0).max().orElse(cutAt);
        List<Long> answers = answerMillis(load, sentAt -> true);
        long firstRefusal = refusals.stream().mapToLong(Refusal::atNanos).filter(at -> at - cutAt > 0).min().orElse(cutAt);
        System.out.printf("[figures] NetworkPartitionIT cut nodes=%s for %ds: events sent=%d acknowledged=%d refused 503=%d"
                        + " cut->first 503=%dms answer p99=%dms slowest=%dms claims held at the cut and retaken=%d"
                        + " last request from a cut node=%dms after the cut duplicates=%d%n",
                cut, Duration.ofNanos(healedAt - cutAt).toSeconds(), load.sent(), load.acknowledgedCount(),
                refusals.stream().filter(refusal -> refusal.status().orElse(0) == 503).count(),
                Duration.ofNanos(firstRefusal - cutAt).toMillis(),
                percentile(answers, 0.99), percentile(answers, 1.0), heldAtTheCut.size(),
                Duration.ofNanos(lastFromCut - cutAt).toMillis(), DeliveryAudit.countDuplicates(receipts));
    }

    /** How long each webhook whose sending time ({@link System#nanoTime()}) passes {@code sent} waited for its answer, shortest first. */
    private static List<Long> answerMillis(ClusterLoad load, LongPredicate sent) {
        List<Long> answers = new ArrayList<>();
        load.acknowledged().stream().filter(ack -> sent.test(ack.sentAtNanos()))
                .forEach(ack -> answers.add(Duration.ofNanos(ack.answeredAtNanos() - ack.sentAtNanos()).toMillis()));
        load.refusals().stream().filter(refusal -> sent.test(refusal.sentAtNanos()))
                .forEach(refusal -> answers.add(refusal.waited().toMillis()));
        answers.sort(null);
        return answers;
    }

    private static long percentile(List<Long> sorted, double fraction) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(sorted.size() * fraction)));
    }
}
