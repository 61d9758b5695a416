package io.hookrelay.it.operations;

import static io.hookrelay.it.operations.OperatorSteps.admin;
import static io.hookrelay.it.operations.OperatorSteps.listening;
import static io.hookrelay.it.operations.OperatorSteps.succeeded;
import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.partitioningBy;
import static java.util.stream.Collectors.toMap;
import static java.util.stream.Collectors.toSet;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.cli.Cli;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Receiver.Request;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayDatabase.LoggedAttempt;
import io.hookrelay.it.support.RelayDatabase.StoredDelivery;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.it.support.WebhookLoad.Acknowledged;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's "Backup and restore" procedure, proven against the real jar: run as written while webhooks keep
 * arriving, its backup is downloaded to an owner-only file on the command line's side, and restoring that
 * file gives back a relay that has every event acknowledged before the backup, with its deliveries and
 * their states, and that sends what the backup had pending.
 *
 * <p>Of the two targets, one answers at once, so deliveries complete steadily, and one has stalled (its
 * receiver takes requests but answers none until released), so the backup certainly holds a delivery in
 * flight and a backlog behind it.
 */
class BackupRestoreIT {
    private static final Duration WAIT = RelayServer.WAIT;
    private static final Duration POLL = Duration.ofMillis(20);
    private static final int CLIENTS = 2;
    private static final Duration PAUSE_BETWEEN_POSTS = Duration.ofMillis(80);
    private static final String DATABASE = "hookrelay.db";
    private static final Pattern BACKUP_SECONDS = Pattern.compile(
            "(?m)^http_server_requests_seconds_sum\\{[^}]*endpoint=\"/api/v1/admin/backup\"[^}]*} (\\S+)$");

    @TempDir
    Path work;

    @Test
    void theReadmeProcedureUnderLoadKeepsEveryEventAcknowledgedBeforeTheBackupAndTheRestoredRelaySendsWhatWasPending()
            throws Exception {
        Path dataDir = work.resolve("data");
        Path backup = Files.createDirectories(work.resolve("backups")).resolve("hookrelay-backup.db");
        try (Receiver prompt = Receiver.start(); Receiver stalled = Receiver.start()) {
            BackedUp backedUp = backUpUnderLoadThenRestore(dataDir, backup, prompt, stalled);

            List<StoredDelivery> restored = assertHoldsWhatWasAcknowledgedBeforeTheBackup(dataDir, backedUp);
            Path replaced = keptAside(dataDir);
            assertThat(Path.of(replaced + "-wal")).as("the procedure's SIGTERM stopped the server cleanly, folding its -wal in")
                    .doesNotExist();
            try (RelayDatabase database = RelayDatabase.ofFile(replaced)) {
                assertThat(database.eventIds()).as("the database the restore replaced, kept beside it")
                        .containsAll(backedUp.acknowledgedBefore()).containsAll(backedUp.acknowledgedAfter());
            }
            Set<String> pending = restored.stream().filter(delivery -> !delivery.finished()).map(StoredDelivery::id).collect(toSet());
            assertThat(pending).as("the stalled target's deliveries, pending or running in the backup").isNotEmpty();

            long restartedAt = System.nanoTime();
            Duration drained = restartAndDrain(dataDir);

            try (RelayDatabase finished = RelayDatabase.open(dataDir)) {
                assertThat(finished.deliveries().values()).as("after the restored relay drained").hasSize(restored.size())
                        .allSatisfy(delivery -> assertThat(delivery.state()).isEqualTo("completed"));
            }
            Map<Boolean, List<Request>> afterRestart = Stream.of(prompt, stalled).flatMap(receiver -> receiver.requests().stream())
                    .collect(partitioningBy(receipt -> receipt.arrivedAtNanos() - restartedAt > 0));
            List<Request> resent = afterRestart.get(true);
            assertThat(resent).extracting(BackupRestoreIT::deliveryId).as("sent by the restored relay").containsAll(pending);
            Map<String, byte[]> sentBodies = backedUp.load().stream().collect(toMap(Acknowledged::eventId, Acknowledged::body));
            assertThat(resent).allSatisfy(receipt -> assertThat(receipt.body()).as("body of %s", eventId(receipt))
                    .isEqualTo(sentBodies.get(eventId(receipt))));
            Set<String> sentBeforeTheStop = afterRestart.get(false).stream().map(BackupRestoreIT::deliveryId).collect(toSet());
            long sentTwice = resent.stream().map(BackupRestoreIT::deliveryId).distinct().filter(sentBeforeTheStop::contains).count();

            System.out.printf("[figures] backup-restore: %d events acknowledged before the backup started (%d in the backup,"
                            + " %d acknowledged after it ended and gone after the restore); backup of %d bytes took %d ms on the"
                            + " server under steady load (%d ms for the CLI, JVM start included); restore took %d ms (CLI, JVM"
                            + " start included); the restored relay sent the %d deliveries the backup had pending in %d ms after"
                            + " listening, %d of them a second time%n",
                    backedUp.acknowledgedBefore().size(), restored.stream().map(StoredDelivery::eventId).distinct().count(),
                    backedUp.acknowledgedAfter().size(), Files.size(backup), backedUp.onServer().toMillis(),
                    backedUp.byCli().toMillis(), backedUp.restore().toMillis(), pending.size(), drained.toMillis(), sentTwice);
        }
    }

    /** What the procedure's run left to check: which events and deliveries the backup must and must not hold. */
    private record BackedUp(List<String> acknowledgedBefore, List<String> acknowledgedAfter, Set<String> completedBefore,
                            List<Acknowledged> load, Duration onServer, Duration byCli, Duration restore) {
    }

    /**
     * Serves {@code dataDir} under load and runs the README's procedure against it: back up, let the load go
     * on, stop the server, restore. Returns once the server has exited and the backup is in place.
     */
    private BackedUp backUpUnderLoadThenRestore(Path dataDir, Path backup, Receiver prompt, Receiver stalled)
            throws Exception {
        try (HookrelayProcess server = HookrelayProcess.serve(dataDir, "--workers", "32")) {
            URI url = listening(server);
            configure(admin(url, dataDir), prompt, stalled);
            stalled.holdRequests();
            try (WebhookLoad load = WebhookLoad.start(url, "shop", CLIENTS, PAUSE_BETWEEN_POSTS, 0)) {
                Set<String> completedBefore;
                try (RelayDatabase live = RelayDatabase.open(dataDir)) {
                    Await.until("webhooks are acknowledged and delivered", WAIT,
                            () -> load.acknowledgedCount() >= 30 && live.countIn("completed") >= 10);
                    completedBefore = live.deliveries().values().stream().filter(delivery -> "completed".equals(delivery.state()))
                            .map(StoredDelivery::id).collect(toSet());
                }
                long launchedAt = System.nanoTime();
                Map<String, String> variables = Map.of("HOOKRELAY_URL", url.toString(), "HOOKRELAY_DATA_DIR", dataDir.toString(),
                        "HOOKRELAY_PID", Long.toString(pidServing(dataDir)), "BACKUP", backup.toString());
                try (ReadmeProcedure procedure = ReadmeProcedure.start(work.resolve("operator"), variables)) {
                    procedure.awaitOutput("backed up the database to " + backup);
                    long backedUpAt = System.nanoTime();
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(backup)))
                            .as("the downloaded backup's mode, written under umask 000").isEqualTo("rw-------");
                    try (Stream<Path> files = Files.list(backup.getParent())) {
                        assertThat(files).as("beside the backup, once written").containsExactly(backup);
                    }
                    Await.until("the load goes on after the backup", WAIT, () -> load.eventIdsSentAfter(backedUpAt).size() >= 10);
                    Duration onServer = backupTimeOnServer(url);
                    stalled.releaseAll();
                    long stoppedAt = System.nanoTime();
                    procedure.proceed();
                    assertThat(procedure.awaitExit()).as("the procedure: %s", procedure).isZero();
                    assertThat(server.awaitExit()).as("the procedure's SIGTERM stops the server cleanly").isZero();
                    assertThat(load.refusals()).as("ingest answers other than 202 before the procedure stopped the server")
                            .allMatch(refusal -> refusal.atNanos() - stoppedAt > 0);
                    return new BackedUp(load.eventIdsAnsweredBefore(launchedAt), load.eventIdsSentAfter(backedUpAt), completedBefore,
                            load.acknowledged(), onServer, procedure.took("backup"), procedure.took("restore"));
                }
            }
        }
    }

    /**
     * Checks the restored database, before any server opens it: every event acknowledged before the backup
     * started is there with its two deliveries, deliveries completed before it are completed with their
     * attempt logs, and events acknowledged after it ended are not there. Returns its deliveries.
     */
    private static List<StoredDelivery> assertHoldsWhatWasAcknowledgedBeforeTheBackup(Path dataDir, BackedUp backedUp)
            throws SQLException {
        Set<String> events;
        List<StoredDelivery> deliveries;
        Map<String, List<LoggedAttempt>> logs;
        try (RelayDatabase restored = RelayDatabase.open(dataDir)) {
            events = restored.eventIds();
            deliveries = List.copyOf(restored.deliveries().values());
            logs = restored.attemptLogs();
        }
        assertThat(events).as("every event acknowledged before the backup started").containsAll(backedUp.acknowledgedBefore());
        assertThat(backedUp.acknowledgedAfter()).as("events acknowledged after the backup ended are not in it")
                .isNotEmpty().doesNotContainAnyElementsOf(events);
        Map<String, List<StoredDelivery>> byEvent = deliveries.stream().collect(groupingBy(StoredDelivery::eventId));
        assertThat(backedUp.acknowledgedBefore()).allSatisfy(event -> assertThat(byEvent.get(event)).as("deliveries of %s", event)
                .extracting(StoredDelivery::target).containsExactlyInAnyOrder("prompt", "stalled"));
        Map<String, StoredDelivery> byId = deliveries.stream().collect(toMap(StoredDelivery::id, Function.identity()));
        assertThat(backedUp.completedBefore()).as("deliveries completed before the backup").isNotEmpty()
                .allSatisfy(id -> assertThat(byId.get(id)).as("delivery %s", id).isNotNull()
                        .satisfies(delivery -> assertThat(delivery.state()).isEqualTo("completed"))
                        .satisfies(delivery -> assertThat(logs.get(delivery.id())).as("attempt log of %s", id).isNotEmpty()));
        return deliveries;
    }

    /** Starts the restored relay, waits until nothing is pending or running any more, and stops it. */
    private static Duration restartAndDrain(Path dataDir) throws Exception {
        try (HookrelayProcess restored = HookrelayProcess.serve(dataDir, "--workers", "32")) {
            restored.awaitPort();
            long listeningAt = System.nanoTime();
            try (RelayDatabase live = RelayDatabase.open(dataDir)) {
                awaitDrained(live);
            }
            Duration drained = Duration.ofNanos(System.nanoTime() - listeningAt);
            restored.terminate();
            assertThat(restored.awaitExit()).isZero();
            return drained;
        }
    }

    /**
     * Waits until no delivery is pending or running. The backlog is as large as the machine was slow while
     * the load ran, so the bound is on progress rather than on the whole drain: it fails once {@link #WAIT}
     * passes without one more delivery finishing.
     */
    private static void awaitDrained(RelayDatabase live) throws InterruptedException {
        int left = live.countIn("pending", "running");
        long progressAt = System.nanoTime();
        while (left > 0) {
            Thread.sleep(POLL.toMillis());
            int now = live.countIn("pending", "running");
            if (now < left) {
                left = now;
                progressAt = System.nanoTime();
            } else if (System.nanoTime() - progressAt > WAIT.toNanos()) {
                throw new AssertionError(left + " deliveries still unfinished, none finished for " + WAIT);
            }
        }
    }

    private static void configure(Map<String, String> operator, Receiver prompt, Receiver stalled) {
        succeeded(Cli.run(operator, "source", "add", "shop"));
        succeeded(Cli.run(operator, "target", "add", "prompt", prompt.url()));
        succeeded(Cli.run(operator, "target", "add", "stalled", stalled.url(), "--max-in-flight", "16", "--timeout-ms", "60000"));
        succeeded(Cli.run(operator, "route", "add", "--source", "shop", "--target", "prompt"));
        succeeded(Cli.run(operator, "route", "add", "--source", "shop", "--target", "stalled"));
    }

    private static String deliveryId(Request request) {
        return request.header("x-hookrelay-delivery-id").orElseThrow();
    }

    private static String eventId(Request request) {
        return request.header("webhook-id").orElseThrow();
    }

    /** The database {@code hookrelay restore} kept aside as {@code hookrelay.db.replaced-<ms>}. */
    private static Path keptAside(Path dataDir) throws IOException {
        try (Stream<Path> files = Files.list(dataDir)) {
            List<Path> keptAside = files
                    .filter(file -> file.getFileName().toString().matches(Pattern.quote(DATABASE) + "\\.replaced-\\d+"))
                    .toList();
            assertThat(keptAside).hasSize(1);
            return keptAside.get(0);
        }
    }

    /** The process id of this JVM's child serving {@code dataDir}, as an operator finds a server's. */
    private static long pidServing(Path dataDir) {
        return ProcessHandle.current().children()
                .filter(child -> child.info().arguments().map(List::of)
                        .filter(arguments -> arguments.contains("serve") && arguments.contains(dataDir.toString())).isPresent())
                .mapToLong(ProcessHandle::pid)
                .findFirst().orElseThrow(() -> new AssertionError("no child process serves " + dataDir));
    }

    /** How long the server spent answering the backup request, from its own {@code /metrics}. */
    private static Duration backupTimeOnServer(URI url) throws IOException, InterruptedException {
        String metrics = HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(url.resolve("/metrics")).build(), BodyHandlers.ofString()).body();
        Matcher seconds = BACKUP_SECONDS.matcher(metrics);
        assertThat(seconds.find()).as("the backup request in %s", metrics).isTrue();
        return Duration.ofNanos(Math.round(Double.parseDouble(seconds.group(1)) * 1e9));
    }
}
