package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A target's {@code max_in_flight} holds for the cluster, not for each node: three nodes, each with
 * workers enough to send every delivery at once, take webhooks for a slow receiver, and it never has more
 * than the limit waiting for their answers at the same moment.
 */
@TimingSensitive
class ClusterMaxInFlightIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "cluster-load";
    private static final int MAX_IN_FLIGHT = 4;
    private static final Duration ANSWER_DELAY = Duration.ofMillis(300);
    /** Enough deliveries at once that each node alone could exceed the limit several times over. */
    private static final int EVENTS = 60;

    @Test
    void theSlowReceiverNeverHasMoreThanMaxInFlightRequestsFromAllNodesTogether() throws Exception {
        try (Receiver slow = Receiver.start();
             RelayCluster cluster = RelayCluster.start(3, postgres.url());
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            slow.delayAnswers(ANSWER_DELAY);
            cluster.createPlainSource(SOURCE);
            cluster.createRoutedTarget(SOURCE, NewTarget.to("slow", slow).maxInFlight(MAX_IN_FLIGHT));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, Duration.ofMillis(10));
            try (load) {
                Await.until(EVENTS + " events acknowledged", ClusterLoad.DRAIN_PATIENCE, () -> load.acknowledgedCount() >= EVENTS);
            }
            long drainStarted = System.nanoTime();
            ClusterLoad.awaitDrained(database);
            System.out.printf("[figures] ClusterMaxInFlightIT max_in_flight=%d events=%d most requests unanswered at once=%d"
                            + " requests=%d drain=%dms%n",
                    MAX_IN_FLIGHT, load.acknowledgedCount(), slow.mostUnansweredAtOnce(), slow.requestCount(),
                    Duration.ofNanos(System.nanoTime() - drainStarted).toMillis());

            assertThat(slow.mostUnansweredAtOnce()).as("requests the receiver had unanswered at once").isLessThanOrEqualTo(MAX_IN_FLIGHT);
            assertThat(load.refusals()).as("answers to providers other than 202").isEmpty();
            cluster.assertNoErrorsPrinted();
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), ClusterLoad.receipts(Map.of("slow", slow), 200),
                    List.of("slow"), database, (earlier, later) -> false);
        }
    }
}
