package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Nodes whose wall clocks are 45 s ahead and 45 s behind, beside a correct one, under libfaketime: every node goes by
 * the database's clock, so none takes another's live claim, and a receiver that holds each delivery for seconds
 * gets every event once and never more than its target's {@code max_in_flight} at once. Each node says how far its
 * own clock is off. Run as CI runs it, with Debian's {@code faketime} package installed.
 */
class ClusterClockSkewIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "skewed";
    private static final Duration SKEW = Duration.ofSeconds(45);
    private static final int MAX_IN_FLIGHT = 20;
    /** Deliveries under way long enough that the nodes' claims meet: a node 45 s ahead saw a 30 s lease as ended. */
    private static final Duration ANSWER_DELAY = Duration.ofSeconds(2);
    private static final int EVENTS = 40;
    private static final int AHEAD = 1;
    private static final Pattern OFFSET = Pattern.compile("(?m)^relay_clock_offset_seconds (\\S+)$");

    /** Each test's cluster starts on an empty database, as a new deployment does. */
    @BeforeEach
    void emptyDatabase() throws SQLException {
        postgres.execute("DROP SCHEMA public CASCADE");
        postgres.execute("CREATE SCHEMA public");
    }

    @Test
    void nodesWhoseClocksAreOffByMinutesSendEveryEventOnceWithinMaxInFlight() throws Exception {
        try (Receiver slow = Receiver.start();
             RelayCluster cluster = RelayCluster.startWithClocks(List.of(Duration.ZERO, SKEW, SKEW.negated()), postgres.url());
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            slow.delayAnswers(ANSWER_DELAY);
            cluster.createPlainSource(SOURCE);
            cluster.createRoutedTarget(SOURCE, NewTarget.to("slow", slow).maxInFlight(MAX_IN_FLIGHT));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, Duration.ofMillis(10));
            try (load) {
                Await.until(EVENTS + " events acknowledged", ClusterLoad.DRAIN_PATIENCE, () -> load.acknowledgedCount() >= EVENTS);
            }
            ClusterLoad.awaitDrained(database);
            System.out.printf("[figures] ClusterClockSkewIT events=%d requests=%d most unanswered at once=%d%n",
                    load.acknowledgedCount(), slow.requestCount(), slow.mostUnansweredAtOnce());

            assertThat(slow.mostUnansweredAtOnce()).as("requests the receiver had unanswered at once").isLessThanOrEqualTo(MAX_IN_FLIGHT);
            assertThat(load.refusals()).as("answers to providers other than 202").isEmpty();
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), ClusterLoad.receipts(Map.of("slow", slow), 200),
                    List.of("slow"), database, (earlier, later) -> false);
            System.out.printf("[figures] ClusterClockSkewIT relay_clock_offset_seconds of the nodes=%s%n",
                    List.of(offsetOf(cluster.uri(0)), offsetOf(cluster.uri(1)), offsetOf(cluster.uri(2))));
            assertThat(offsetOf(cluster.uri(0))).as("the correct node's offset, s").isBetween(-1.0, 1.0);
            assertThat(offsetOf(cluster.uri(1))).as("the node ahead: the database's clock minus its own, s").isBetween(-46.0, -44.0);
            assertThat(offsetOf(cluster.uri(2))).as("the node behind, s").isBetween(44.0, 46.0);
            assertThat(cluster.outputs().get(1).stdoutLines()).as("what the node ahead logged")
                    .anySatisfy(line -> assertThat(line).contains("WARN").contains("ahead of the database's"));
            cluster.assertNoErrorsPrinted();
        }
    }

    /**
     * The node ahead is killed with claims in hand. Had it stamped its leases by its own clock they would run 45 s
     * past the lease; by the database's, the others take them over within the lease and five seconds, measured from
     * the kill to the first attempt of one of them, both by the database's clock.
     */
    @Test
    void theClaimsOfAKilledNodeAheadAreTakenOverWithinTheLeaseByTheDatabasesClock() throws Exception {
        try (Receiver receiver = Receiver.start();
             RelayCluster cluster = RelayCluster.startWithClocks(List.of(Duration.ZERO, SKEW, SKEW.negated()), postgres.url());
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            receiver.delayAnswers(Duration.ofMillis(200));
            cluster.createPlainSource(SOURCE);
            cluster.createRoutedTarget(SOURCE, NewTarget.to("receiver", receiver).maxInFlight(MAX_IN_FLIGHT));

            // About 60 webhooks a second, well within what 20 at a time of 200 ms each deliver.
            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, Duration.ofMillis(100));
            RelayCluster.Kill kill;
            long killedAtMillis;
            Set<String> heldByTheDead;
            try (load) {
                Await.until("deliveries under way", ClusterLoad.DRAIN_PATIENCE, () -> receiver.requestCount() >= EVENTS);
                killedAtMillis = database.postgresClockMillis();
                kill = cluster.kill(AHEAD);
                load.pointAt(AHEAD, cluster.uri(0));
                heldByTheDead = DeadNodeClaims.awaitRetaken(database, kill.signalledAtNanos(), Duration.ofSeconds(5));
            }
            ClusterLoad.awaitDrained(database);
            Map<String, List<Long>> starts = database.attemptStarts();
            long firstRetakenAt = heldByTheDead.stream().flatMap(id -> starts.getOrDefault(id, List.of()).stream())
                    .filter(started -> started >= killedAtMillis).min(Long::compare).orElseThrow();
            Duration takeover = Duration.ofMillis(firstRetakenAt - killedAtMillis);
            System.out.printf("[figures] ClusterClockSkewIT claims held by the killed node ahead=%d kill->first retaken attempt=%dms"
                    + " (database clock)%n", heldByTheDead.size(), takeover.toMillis());

            assertThat(heldByTheDead).as("claims the killed node held (none: the kill came at an idle instant)").isNotEmpty();
            assertThat(takeover).as("from the kill to the first attempt of a claim it held").isLessThanOrEqualTo(DeadNodeClaims.TAKEOVER_ALLOWANCE);
            assertThat(load.refusals()).as("answers to providers other than 202").noneMatch(Refusal::answered);
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), ClusterLoad.receipts(Map.of("receiver", receiver), 200),
                    List.of("receiver"), database, kill::separates);
        }
    }

    private static double offsetOf(URI node) throws Exception {
        HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(node.resolve("/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher offset = OFFSET.matcher(metrics.body());
        assertThat(offset.find()).as("relay_clock_offset_seconds in %s/metrics", node).isTrue();
        return Double.parseDouble(offset.group(1));
    }
}
