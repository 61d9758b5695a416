package io.hookrelay.it.durability;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit answers each provider only after the commit that holds its event: so a SIGKILL that lands
 * while acknowledgements are streaming out, microseconds after the latest of them, loses none of them.
 * Each cycle kills the jar as soon as the first events are acknowledged and reads {@code hookrelay.db}
 * afterwards; nothing but the database file and its {@code -wal} is left to hold them.
 */
class AckThenKillIT {
    private static final int CYCLES = 5;
    private static final int CLIENTS = 16;
    private static final int ACKNOWLEDGED_BEFORE_KILL = 20;
    private static final String SOURCE = "acked";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dataDir;

    @Test
    void everyEventAcknowledgedBeforeAKillIsInTheDatabaseAfterIt() throws Exception {
        List<String> acknowledged = new ArrayList<>();
        long closestAckToKillNanos = Long.MAX_VALUE;
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            try (HookrelayProcess relay = HookrelayProcess.serve(dataDir)) {
                URI base = URI.create("http://127.0.0.1:" + relay.awaitPort());
                if (cycle == 0) {
                    new ApiClient(base, Optional.of(HookrelayProcess.adminTokenOf(dataDir)))
                            .post("/api/v1/sources", "{\"id\":\"" + SOURCE + "\"}").expect(201);
                }
                WebhookLoad load = WebhookLoad.start(base, SOURCE, CLIENTS, Duration.ZERO, 0);
                Await.until("events are acknowledged", WAIT, () -> load.acknowledgedCount() >= ACKNOWLEDGED_BEFORE_KILL);
                long killedAt = System.nanoTime();
                relay.kill();
                load.close();
                for (WebhookLoad.Acknowledged ack : load.acknowledged()) {
                    acknowledged.add(ack.eventId());
                    closestAckToKillNanos = Math.min(closestAckToKillNanos, Math.abs(killedAt - ack.answeredAtNanos()));
                }
            }
        }

        assertThat(RelayDatabase.eventIdsIn(dataDir)).as("events acknowledged before a SIGKILL").containsAll(acknowledged);
        System.out.printf("[figures] AckThenKillIT: %d cycles, %d events acknowledged before kills, all stored; "
                + "closest acknowledgement to a kill: %d µs%n", CYCLES, acknowledged.size(), closestAckToKillNanos / 1_000);
    }
}
