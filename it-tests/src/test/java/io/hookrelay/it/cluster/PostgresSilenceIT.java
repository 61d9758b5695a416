package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.PostgresOutage;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PostgreSQL falls silent under load, as a network partition leaves it to a node: its packets stop arriving and no
 * connection is closed or refused. A statement on the wire at the cut must not hang the webhook it serves: every
 * webhook is answered within ten seconds, {@code 503} while the database is silent, readiness fails within seconds,
 * and the node is ready and taking webhooks again within seconds of the heal, never restarted. (The same through a
 * real partition between network namespaces is issue 34's next step; this one holds the bytes in a proxy.)
 */
class PostgresSilenceIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "silence";
    /** Longer than any webhook may wait, so that one that hung through it is seen. */
    private static final Duration SILENCE = Duration.ofSeconds(12);
    private static final Duration LONGEST_ANSWER = Duration.ofSeconds(10);
    private static final Duration NOTICED_WITHIN = Duration.ofSeconds(10);

    @Test
    void everyWebhookIsAnsweredInTimeWhileTheDatabaseIsSilentAndTheNodeRecoversByItself() throws Exception {
        try (PostgresOutage outage = PostgresOutage.inFrontOf(postgres);
             RelayCluster cluster = RelayCluster.start(1, outage.url())) {
            cluster.createPlainSource(SOURCE);
            URI node = cluster.uri(0);
            WebhookLoad load = WebhookLoad.start(node, SOURCE, 4, Duration.ofMillis(20), 64);
            try (load) {
                Await.until("webhooks acknowledged before the silence", NOTICED_WITHIN, () -> load.acknowledgedCount() >= 50);
                load.takeSlowestAnswer();
                long silenced = System.nanoTime();
                outage.silence();
                Await.until("/readyz failing", NOTICED_WITHIN, () -> cluster.api(0).get("/readyz").status() == 503);
                Duration noticedAfter = Duration.ofNanos(System.nanoTime() - silenced);
                Thread.sleep(Duration.ofNanos(silenced + SILENCE.toNanos() - System.nanoTime()).toMillis());
                int refusedWhileSilent = load.refusals().size();

                long healed = System.nanoTime();
                outage.heal();
                Await.until("/readyz back", NOTICED_WITHIN, () -> cluster.api(0).get("/readyz").status() == 200);
                Duration readyAfter = Duration.ofNanos(System.nanoTime() - healed);
                int acknowledgedAtTheHeal = load.acknowledgedCount();
                Await.until("webhooks acknowledged again", NOTICED_WITHIN, () -> load.acknowledgedCount() > acknowledgedAtTheHeal);
                System.out.printf("[figures] PostgresSilenceIT silence=%ds readyz failing after=%dms refused=%d"
                                + " ready again after the heal=%dms%n", SILENCE.toSeconds(), noticedAfter.toMillis(), refusedWhileSilent,
                        readyAfter.toMillis());
            }
            // Since the silence began, until the load stopped and its last posts were answered: a post that hung
            // through the silence is answered only after the heal, and counts here.
            Duration slowest = load.takeSlowestAnswer();
            System.out.printf("[figures] PostgresSilenceIT slowest answer since the silence began=%dms%n", slowest.toMillis());
            assertThat(slowest).as("the longest a webhook waited for its answer").isLessThanOrEqualTo(LONGEST_ANSWER);
            assertThat(load.refusals()).as("refusals, each a 503").isNotEmpty()
                    .allSatisfy(refusal -> assertThat(refusal.status()).hasValue(503));
            assertThat(cluster.isUp(0)).as("the node still the process first started").isTrue();
            cluster.assertNoErrorsPrinted();
        }
    }
}
