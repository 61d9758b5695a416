package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Three nodes on one database take a steady stream of webhooks for two targets while one of them is killed
 * with SIGKILL and, later, started again. Nobody gives back the dead node's claims: the other nodes take them
 * when their lease ends. Afterwards every acknowledged event has reached both targets byte for byte, a
 * target saw an event twice only where the kill cut off an attempt whose outcome was never written, attempt
 * numbers went on counting, and nothing is left pending or running.
 */
@TimingSensitive
class NodeCrashIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "cluster-load";
    private static final List<String> TARGETS = List.of("alpha", "beta");
    private static final int VICTIM = 1;
    /**
     * A claim still held this long after the kill is the dead node's: a live node's attempt at a receiver
     * answering in {@link #ANSWER_DELAY} ends long before.
     */
    private static final Duration HELD_ONLY_BY_THE_DEAD = Duration.ofSeconds(5);
    /** Receivers take a moment, so that every node has attempts in flight at any instant. */
    private static final Duration ANSWER_DELAY = Duration.ofMillis(100);
    private static final Duration PACE = Duration.ofMillis(40);
    private static final int CLIENTS_PER_NODE = 3;
    private static final int ACKNOWLEDGED_BEFORE_THE_KILL = 150;

    @Test
    void theDeadNodesClaimsAreTakenOverAndEveryAcknowledgedEventArrivesAtEveryTarget() throws Exception {
        try (Receiver alpha = Receiver.start(); Receiver beta = Receiver.start();
             RelayCluster cluster = RelayCluster.start(3, postgres.url(), "--workers", "8");
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            Map<String, Receiver> receivers = Map.of("alpha", alpha, "beta", beta);
            receivers.values().forEach(receiver -> receiver.delayAnswers(ANSWER_DELAY));
            cluster.createPlainSource(SOURCE);
            TARGETS.forEach(target -> cluster.createRoutedTarget(SOURCE, NewTarget.to(target, receivers.get(target))));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, CLIENTS_PER_NODE, PACE);
            RelayCluster.Kill kill;
            Set<String> heldByTheDead;
            URI victimBefore = cluster.uri(VICTIM);
            try (load) {
                Await.until(ACKNOWLEDGED_BEFORE_THE_KILL + " events acknowledged and delivered to both targets", ClusterLoad.DRAIN_PATIENCE,
                        () -> load.acknowledgedCount() >= ACKNOWLEDGED_BEFORE_THE_KILL && alpha.requestCount() > 0 && beta.requestCount() > 0);
                kill = cluster.kill(VICTIM);
                load.pointAt(VICTIM, cluster.uri(VICTIM + 1));
                heldByTheDead = DeadNodeClaims.awaitRetaken(database, kill.signalledAtNanos(), HELD_ONLY_BY_THE_DEAD);
                int acknowledgedByNext = load.of(VICTIM).acknowledgedCount();
                load.pointAt(VICTIM, cluster.restart(VICTIM));
                load.awaitAcknowledged(VICTIM, acknowledgedByNext, 20);
            }
            ClusterLoad.awaitDrained(database);
            List<Receipt> receipts = ClusterLoad.receipts(receivers, 200);

            Duration takeover = firstDeliveryAfter(kill, heldByTheDead, receipts);
            System.out.printf("[figures] NodeCrashIT events sent=%d acknowledged=%d claims held by the killed node=%d"
                            + " kill->first delivery of one of them=%dms duplicates=%d%n",
                    load.sent(), load.acknowledgedCount(), heldByTheDead.size(), takeover.toMillis(),
                    DeliveryAudit.countDuplicates(receipts));

            assertThat(heldByTheDead).as("claims the killed node held (none: the kill came at an idle instant)").isNotEmpty();
            assertThat(takeover).as("from the kill to the first delivery of a claim the killed node held").isLessThanOrEqualTo(DeadNodeClaims.TAKEOVER_ALLOWANCE);
            assertThat(load.refusals()).as("answers to providers other than 202").noneMatch(Refusal::answered);
            assertThat(load.refusals()).as("posts left unanswered by a node that was not killed")
                    .allMatch(refusal -> refusal.relay().equals(victimBefore));
            cluster.assertNoErrorsPrinted();
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), receipts, TARGETS, database,
                    (earlier, later) -> kill.separates(earlier, later));
        }
    }

    /** From the kill to the first request, after the killed process was gone, of one of {@code deliveryIds}. */
    private static Duration firstDeliveryAfter(RelayCluster.Kill kill, Set<String> deliveryIds, List<Receipt> receipts) {
        return receipts.stream()
                .filter(receipt -> deliveryIds.contains(receipt.deliveryId()) && receipt.arrivedAtNanos() > kill.goneAtNanos())
                .map(receipt -> Duration.ofNanos(receipt.arrivedAtNanos() - kill.signalledAtNanos()))
                .findFirst()
                .orElse(Duration.ofDays(1));
    }
}
