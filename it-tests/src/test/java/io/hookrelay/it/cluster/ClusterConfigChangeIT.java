package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A target changed through one node is delivered to as changed by every node: no attempt that starts from a second
 * after node A answered a new URL goes to the old one, and every acknowledged event still reaches the target, at one
 * address or the other. Attempts are timed by their start in the attempt log, as the node that made them saw it: an
 * arrival at the receiver also holds whatever held up this test's own process, which runs the receivers and the load
 * on the same two cores as the three nodes, so arrivals are printed, not bounded.
 */
@TimingSensitive
class ClusterConfigChangeIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "cluster-load";
    private static final String TARGET = "moving";
    /** How soon every node must deliver to a target as it was last changed. */
    private static final Duration PROPAGATION = Duration.ofSeconds(1);
    /** How long the new address is watched after the change must have reached every node. */
    private static final Duration WATCHED = Duration.ofSeconds(3);
    private static final int REQUESTS_BEFORE_THE_CHANGE = 30;

    @Test
    void aTargetChangedThroughOneNodeIsDeliveredToAsChangedByEveryNodeWithinASecond() throws Exception {
        try (Receiver before = Receiver.start(); Receiver after = Receiver.start();
             RelayCluster cluster = RelayCluster.start(3, postgres.url());
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            Stream.of(before, after).forEach(receiver -> receiver.delayAnswers(Duration.ofMillis(20)));
            cluster.createPlainSource(SOURCE);
            cluster.createRoutedTarget(SOURCE, NewTarget.to(TARGET, before));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, Duration.ofMillis(40));
            long changeAnswered;
            Instant changeAnsweredAt;
            try (load) {
                Await.until(REQUESTS_BEFORE_THE_CHANGE + " deliveries to the first address", ClusterLoad.DRAIN_PATIENCE,
                        () -> before.requestCount() >= REQUESTS_BEFORE_THE_CHANGE);
                cluster.api(0).put("/api/v1/targets/" + TARGET, "{\"url\":\"" + after.url() + "\"}").expect(200);
                changeAnswered = System.nanoTime();
                changeAnsweredAt = Instant.now();
                long watchedUntil = changeAnswered + PROPAGATION.plus(WATCHED).toNanos();
                Await.until("the new address watched while it is delivered to", ClusterLoad.DRAIN_PATIENCE,
                        () -> System.nanoTime() - watchedUntil > 0 && arrivalsAfter(after, watchedUntil - WATCHED.toNanos()) > 0);
            }
            ClusterLoad.awaitDrained(database);

            long toTheOldAddressLate = arrivalsAfter(before, changeAnswered + PROPAGATION.toNanos());
            long startedLate = before.requests().stream()
                    .filter(request -> request.arrivedAtNanos() - (changeAnswered + PROPAGATION.toNanos()) > 0)
                    .filter(request -> cluster.attemptStarted(request).isAfter(changeAnsweredAt.plus(PROPAGATION)))
                    .count();
            long lastToTheOldAddress = before.requests().stream().mapToLong(Receiver.Request::arrivedAtNanos).max().orElseThrow();
            long firstToTheNewAddress = after.requests().stream().mapToLong(Receiver.Request::arrivedAtNanos).min().orElseThrow();
            System.out.printf("[figures] ClusterConfigChangeIT attempts to the old address started from 1s after the change=%d"
                            + " requests arriving there from 1s after it=%d"
                            + " change answered->last request to the old address=%dms change answered->first to the new=%dms"
                            + " requests to the old address=%d to the new=%d%n",
                    startedLate, toTheOldAddressLate, Duration.ofNanos(lastToTheOldAddress - changeAnswered).toMillis(),
                    Duration.ofNanos(firstToTheNewAddress - changeAnswered).toMillis(), before.requestCount(), after.requestCount());

            assertThat(startedLate).as("attempts to the old address started from %s after the change answered", PROPAGATION).isZero();
            assertThat(load.refusals()).as("answers to providers other than 202").isEmpty();
            cluster.assertNoErrorsPrinted();
            List<Receipt> receipts = Stream.of(before, after)
                    .flatMap(receiver -> receiver.requests().stream().map(request -> Receipt.of(TARGET, request, 200)))
                    .sorted(Comparator.comparingLong(Receipt::arrivedAtNanos))
                    .toList();
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), receipts, List.of(TARGET), database, (earlier, later) -> false);
        }
    }

    private static long arrivalsAfter(Receiver receiver, long fromNanos) {
        return receiver.requests().stream().filter(request -> request.arrivedAtNanos() - fromNanos > 0).count();
    }
}
