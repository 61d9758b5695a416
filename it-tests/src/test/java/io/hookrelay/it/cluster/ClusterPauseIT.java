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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A pause sent to one node holds on every node: from a second after node A answered it, nodes B and C start no
 * attempt to the paused target while they keep delivering to another, and a resume sent to B releases
 * everything that waited. Attempts are timed by their start in the attempt log, as the node that made them saw
 * it: an arrival at the receiver also waits on the test's own JVM, which shares the cores with the nodes.
 */
@TimingSensitive
class ClusterPauseIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "cluster-load";
    private static final List<String> TARGETS = List.of("paused", "steady");
    /** How soon every node must have heard of a pause or resume. */
    private static final Duration PROPAGATION = Duration.ofSeconds(1);
    /** How long the pause is watched after it must have reached every node. */
    private static final Duration WATCHED = Duration.ofSeconds(3);
    private static final int REQUESTS_BEFORE_THE_PAUSE = 30;

    @Test
    void aPauseSentToOneNodeStopsEveryNodeAndAResumeSentToAnotherReleasesEverything() throws Exception {
        try (Receiver paused = Receiver.start(); Receiver steady = Receiver.start();
             RelayCluster cluster = RelayCluster.start(3, postgres.url());
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            Map<String, Receiver> receivers = Map.of("paused", paused, "steady", steady);
            receivers.values().forEach(receiver -> receiver.delayAnswers(Duration.ofMillis(20)));
            cluster.createPlainSource(SOURCE);
            TARGETS.forEach(target -> cluster.createRoutedTarget(SOURCE, NewTarget.to(target, receivers.get(target))));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, Duration.ofMillis(40));
            long pauseAnswered;
            Instant pauseAnsweredAt;
            long resumeSent;
            try (load) {
                Await.until(REQUESTS_BEFORE_THE_PAUSE + " deliveries to the target to pause", ClusterLoad.DRAIN_PATIENCE,
                        () -> paused.requestCount() >= REQUESTS_BEFORE_THE_PAUSE);
                assertThat(cluster.api(0).post("/api/v1/targets/paused/pause").expect(200).path("paused").asBoolean()).isTrue();
                pauseAnswered = System.nanoTime();
                pauseAnsweredAt = Instant.now();
                long watchedUntil = pauseAnswered + PROPAGATION.plus(WATCHED).toNanos();
                Await.until("the pause watched while the other target is delivered to", ClusterLoad.DRAIN_PATIENCE,
                        () -> System.nanoTime() - watchedUntil > 0 && arrivalsBetween(steady, watchedUntil - WATCHED.toNanos(), watchedUntil) > 0);
                resumeSent = System.nanoTime();
                cluster.api(1).post("/api/v1/targets/paused/resume").expect(200);
            }
            ClusterLoad.awaitDrained(database);

            long sentDuringThePause = arrivalsBetween(paused, pauseAnswered + PROPAGATION.toNanos(), resumeSent);
            long startedDuringThePause = paused.requests().stream()
                    .filter(request -> request.arrivedAtNanos() - (pauseAnswered + PROPAGATION.toNanos()) > 0
                            && request.arrivedAtNanos() - resumeSent < 0)
                    .filter(request -> cluster.attemptStarted(request).isAfter(pauseAnsweredAt.plus(PROPAGATION)))
                    .count();
            long lastBeforeResume = paused.requests().stream().mapToLong(Receiver.Request::arrivedAtNanos)
                    .filter(arrival -> arrival < resumeSent).max().orElse(pauseAnswered);
            long firstAfterResume = paused.requests().stream().mapToLong(Receiver.Request::arrivedAtNanos)
                    .filter(arrival -> arrival > resumeSent).min().orElse(Long.MAX_VALUE);
            System.out.printf("[figures] ClusterPauseIT attempts to the paused target started from 1s after the pause=%d"
                            + " requests arriving there from 1s after it to the resume=%d"
                            + " pause answered->last request before resume=%dms resume sent->first request=%dms"
                            + " requests to the other target while paused=%d%n",
                    startedDuringThePause, sentDuringThePause, Duration.ofNanos(lastBeforeResume - pauseAnswered).toMillis(),
                    Duration.ofNanos(firstAfterResume - resumeSent).toMillis(), arrivalsBetween(steady, pauseAnswered, resumeSent));

            assertThat(startedDuringThePause).as("attempts to the paused target started from %s after the pause answered", PROPAGATION)
                    .isZero();
            assertThat(load.refusals()).as("answers to providers other than 202").isEmpty();
            cluster.assertNoErrorsPrinted();
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), ClusterLoad.receipts(receivers, 200), TARGETS, database,
                    (earlier, later) -> false);
        }
    }

    private static long arrivalsBetween(Receiver receiver, long fromNanos, long toNanos) {
        return receiver.requests().stream()
                .filter(request -> request.arrivedAtNanos() - fromNanos > 0 && request.arrivedAtNanos() - toNanos < 0)
                .count();
    }
}
