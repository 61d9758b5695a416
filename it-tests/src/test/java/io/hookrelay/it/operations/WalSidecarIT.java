package io.hookrelay.it.operations;

import static io.hookrelay.it.operations.OperatorSteps.listening;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.cli.Cli;
import io.hookrelay.it.cli.CliRun;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What README's "Backup and restore" says about the {@code -wal} sidecar, shown on the real jar: after a
 * SIGKILL the {@code -wal} holds acknowledged events that a copy of {@code hookrelay.db} alone lacks, a copy
 * with its {@code -wal} has them, and so does a restore from that copy. The database starts out as a clean
 * stop leaves it, everything in {@code hookrelay.db}, so the copy without the {@code -wal} is a working
 * database that lacks only the latest events (a server that was never stopped cleanly has its schema in
 * the {@code -wal} too).
 */
class WalSidecarIT {
    private static final String DATABASE = "hookrelay.db";

    @TempDir
    Path work;

    @Test
    void afterASigkillTheWalHoldsAcknowledgedEventsThatACopyOfHookrelayDbAloneLacks() throws Exception {
        Path dataDir = work.resolve("data");
        try (RelayServer first = RelayServer.start(dataDir)) {
            first.createPlainSource("shop");
        }
        assertThat(dataDir.resolve(DATABASE + "-wal")).as("a clean stop leaves everything in hookrelay.db").doesNotExist();
        assertThat(dataDir.resolve(DATABASE + "-shm")).doesNotExist();
        Set<String> acknowledged = new HashSet<>();
        try (HookrelayProcess crashed = HookrelayProcess.serve(dataDir);
             WebhookLoad load = WebhookLoad.start(listening(crashed), "shop", 1, Duration.ofMillis(10), 0)) {
            Await.until("webhooks are acknowledged", RelayServer.WAIT, () -> load.acknowledgedCount() >= 20);
            crashed.kill();
            load.acknowledged().forEach(event -> acknowledged.add(event.eventId()));
        }
        assertThat(dataDir.resolve(DATABASE + "-wal")).as("what a SIGKILL leaves").isNotEmptyFile();
        long walBytes = Files.size(dataDir.resolve(DATABASE + "-wal"));
        Path mainFileAlone = copy(dataDir, work.resolve("main-file-alone"), DATABASE);
        Path withSidecars = copy(dataDir, work.resolve("with-sidecars"), DATABASE, DATABASE + "-wal", DATABASE + "-shm");
        Path restored = work.resolve("restored");

        CliRun restore = Cli.runJar("restore", "--from", withSidecars.resolve(DATABASE).toString(), "--data-dir", restored.toString());

        assertThat(restore.exitCode()).as("%s", restore).isZero();
        Set<String> onlyInTheWal = new HashSet<>(acknowledged);
        onlyInTheWal.removeAll(RelayDatabase.eventIdsIn(mainFileAlone));
        assertThat(onlyInTheWal).as("acknowledged events a copy of hookrelay.db alone lacks").isNotEmpty();
        assertThat(RelayDatabase.eventIdsIn(withSidecars)).as("a copy with its -wal").containsAll(acknowledged);
        assertThat(RelayDatabase.eventIdsIn(restored)).as("restored from a copy with its -wal").containsAll(acknowledged);
        System.out.printf("[figures] wal-sidecar: %d events acknowledged before the SIGKILL, %d of them only in the %d-byte -wal%n",
                acknowledged.size(), onlyInTheWal.size(), walBytes);
    }

    /** Copies those of {@code files} that exist from one directory to a new one, as an operator copies by hand. */
    private static Path copy(Path from, Path to, String... files) throws IOException {
        Files.createDirectories(to);
        for (String file : files) {
            if (Files.exists(from.resolve(file))) {
                Files.copy(from.resolve(file), to.resolve(file));
            }
        }
        return to;
    }
}
