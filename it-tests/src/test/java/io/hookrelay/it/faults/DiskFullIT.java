package io.hookrelay.it.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay on SQLite with its data directory on a small file system of its own (a size-limited tmpfs, mounted by
 * the test as root, as CI runs it), filled under load and then given room again, without a restart: webhooks are
 * refused with {@code 503} while it is full and never acknowledged unstored, the log says the disk is full, readiness
 * fails, and once space is freed ingest and delivery go on by themselves; every acknowledged event is delivered and
 * the database passes {@code PRAGMA integrity_check}.
 */
class DiskFullIT {
    private static final String SOURCE = "disk";
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    /** A provider's event of a fair size, so that a full disk comes soon. */
    private static final int PADDING_BYTES = 16 * 1024;
    private static final int REFUSED_WHILE_FULL = 20;
    private static final int ACKNOWLEDGED_AFTER = 50;

    @TempDir
    Path dir;

    @Test
    void aFullDiskRefusesWebhooksLosesNothingAndEverythingGoesOnOnceSpaceIsFreed() throws Exception {
        Path disk = Files.createDirectory(dir.resolve("disk"));
        mountSmallFileSystem(disk);
        try (Receiver receiver = Receiver.start(); HookrelayProcess relay = HookrelayProcess.serve(disk.resolve("data"))) {
            receiver.delayAnswers(Duration.ofMillis(50));
            URI uri = URI.create("http://127.0.0.1:" + relay.awaitPort());
            ApiClient api = new ApiClient(uri, Optional.of(HookrelayProcess.adminTokenOf(disk.resolve("data"))));
            api.post("/api/v1/sources", "{\"id\":\"" + SOURCE + "\"}").expect(201);
            api.post("/api/v1/targets", NewTarget.to("receiver", receiver).json()).expect(201);
            api.post("/api/v1/routes", Json.write(Map.of("source", SOURCE, "target", "receiver"))).expect(201);

            WebhookLoad load = WebhookLoad.start(uri, SOURCE, 4, Duration.ofMillis(5), PADDING_BYTES);
            try (load) {
                Await.until("webhooks acknowledged before the disk fills", PATIENCE, () -> load.acknowledgedCount() >= 50);
                Path filler = fill(disk);
                Await.until(REFUSED_WHILE_FULL + " webhooks refused while the disk is full", PATIENCE,
                        () -> load.refusals().size() >= REFUSED_WHILE_FULL);
                Await.until("the log saying the disk is full", PATIENCE,
                        () -> relay.stdoutLines().stream().anyMatch(line -> line.contains("WARN") && line.contains("is full")));
                Await.until("readiness failing", PATIENCE, () -> api.get("/readyz").status() == 503);
                int acknowledgedWhileFull = load.acknowledgedCount();

                Files.delete(filler);
                Await.until("readiness back", PATIENCE, () -> api.get("/readyz").status() == 200);
                Await.until(ACKNOWLEDGED_AFTER + " more webhooks acknowledged once space is freed", PATIENCE,
                        () -> load.acknowledgedCount() >= acknowledgedWhileFull + ACKNOWLEDGED_AFTER);
            }
            try (RelayDatabase database = RelayDatabase.open(disk.resolve("data"))) {
                Await.until("every delivery settled", PATIENCE, () -> database.unfinishedIntents() == 0);
                List<Receipt> receipts = receiver.requests().stream().map(request -> Receipt.of("receiver", request, 200)).toList();
                System.out.printf("[figures] DiskFullIT acknowledged=%d refused=%d delivered requests=%d%n",
                        load.acknowledgedCount(), load.refusals().size(), receipts.size());

                assertThat(load.refusals()).as("refusals, each a 503 that says storage is unavailable")
                        .allSatisfy(refusal -> {
                            assertThat(refusal.status()).hasValue(503);
                            assertThat(refusal.what()).contains("unavailable");
                        });
                DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), receipts, List.of("receiver"), database,
                        (earlier, later) -> false);
                assertThat(database.integrityCheck()).isEqualTo("ok");
            }
            assertThat(relay.stdoutLines()).as("lines logged at ERROR").noneMatch(line -> line.contains(" ERROR "));
            assertThat(relay.stderrLines()).isEmpty();
        } finally {
            unmount(disk);
        }
    }

    /**
     * Stopped, then started again on a disk filled meanwhile: the process stays up and answers on its port
     * ({@code /healthz} 200; {@code /readyz} and webhooks 503, saying the disk is full), rather than exiting into a
     * restart loop, and starts serving by itself once space is freed, with what it had stored intact.
     */
    @Test
    void aRestartOnAFullDiskWaitsAnsweringOnItsPortAndServesOnceSpaceIsFreed() throws Exception {
        Path disk = Files.createDirectory(dir.resolve("disk"));
        Path data = disk.resolve("data");
        mountSmallFileSystem(disk);
        try (Receiver receiver = Receiver.start()) {
            String before;
            try (HookrelayProcess relay = HookrelayProcess.serve(data)) {
                ApiClient api = new ApiClient(URI.create("http://127.0.0.1:" + relay.awaitPort()),
                        Optional.of(HookrelayProcess.adminTokenOf(data)));
                api.post("/api/v1/sources", "{\"id\":\"" + SOURCE + "\"}").expect(201);
                api.post("/api/v1/targets", NewTarget.to("receiver", receiver).json()).expect(201);
                api.post("/api/v1/routes", Json.write(Map.of("source", SOURCE, "target", "receiver"))).expect(201);
                before = api.ingest(SOURCE, "application/json", "{\"n\":1}".getBytes(StandardCharsets.UTF_8), Map.of())
                        .expect(202).path("event_id").asText();
                receiver.awaitRequests(1);
                relay.terminate();
                assertThat(relay.awaitExit()).isZero();
            }
            Path filler = fill(disk);

            try (HookrelayProcess relay = HookrelayProcess.serve(data)) {
                int port = awaitWaitingPort(relay);
                ApiClient api = new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(HookrelayProcess.adminTokenOf(data)));
                assertThat(api.get("/healthz").status()).isEqualTo(200);
                ApiResponse readiness = api.get("/readyz");
                assertThat(readiness.status()).isEqualTo(503);
                assertThat(readiness.body()).contains("is full");
                ApiResponse webhook = api.ingest(SOURCE, "application/json", "{\"n\":2}".getBytes(StandardCharsets.UTF_8), Map.of());
                assertThat(webhook.status()).isEqualTo(503);
                assertThat(webhook.header("Retry-After")).isPresent();
                Thread.sleep(3 * 2_000);
                assertThat(relay.isAlive()).as("still up after trying again for a while").isTrue();

                Files.delete(filler);
                Await.until("ready once space is freed", PATIENCE, () -> readyOn(api));
                String after = api.ingest(SOURCE, "application/json", "{\"n\":3}".getBytes(StandardCharsets.UTF_8), Map.of())
                        .expect(202).path("event_id").asText();
                receiver.awaitRequests(2);
                assertThat(api.get("/api/v1/events/" + before).status()).as("the event stored before the restart").isEqualTo(200);
                assertThat(api.get("/api/v1/events/" + after).status()).isEqualTo(200);
                assertThat(relay.stdoutLines()).as("the log saying why it waits")
                        .anyMatch(line -> line.contains("WARN") && line.contains("is full"));
                assertThat(relay.stdoutLines()).as("lines logged at ERROR").noneMatch(line -> line.contains(" ERROR "));
            }
            try (RelayDatabase database = RelayDatabase.open(data)) {
                assertThat(database.integrityCheck()).isEqualTo("ok");
            }
        } finally {
            unmount(disk);
        }
    }

    /** The port a relay waiting for room says it answers on. */
    private static int awaitWaitingPort(HookrelayProcess relay) throws InterruptedException {
        Pattern waiting = Pattern.compile("answering 503 on http://[^:]+:(\\d+)");
        AtomicReference<Integer> port = new AtomicReference<>();
        Await.until("the relay saying it waits for room", PATIENCE, () -> relay.stdoutLines().stream()
                .map(waiting::matcher).filter(Matcher::find).findFirst()
                .map(found -> {
                    port.set(Integer.parseInt(found.group(1)));
                    return true;
                }).orElse(false));
        return port.get();
    }

    private static boolean readyOn(ApiClient api) {
        try {
            return api.get("/readyz").status() == 200;
        } catch (RuntimeException betweenServers) {
            return false;
        }
    }

    /** A tmpfs of 64 MiB at {@code disk}; as root, as CI runs. */
    private static void mountSmallFileSystem(Path disk) throws Exception {
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", disk.toString())
                .redirectErrorStream(true).start();
        String output = new String(mount.getInputStream().readAllBytes());
        if (!mount.waitFor(30, TimeUnit.SECONDS) || mount.exitValue() != 0) {
            throw new IllegalStateException("mounting a tmpfs at " + disk + " failed (this test runs as root, as CI does): " + output);
        }
    }

    private static void unmount(Path disk) throws Exception {
        new ProcessBuilder("umount", "-l", disk.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
    }

    /** Writes a file until the file system has no room left, and returns it. */
    private static Path fill(Path disk) throws IOException {
        Path filler = disk.resolve("filler");
        byte[] block = new byte[4096];
        try (OutputStream out = new FileOutputStream(filler.toFile())) {
            while (true) {
                out.write(block);
            }
        } catch (IOException noSpaceLeft) {
            assertThat(Files.getFileStore(disk).getUsableSpace()).as("room left on the filled file system").isLessThan(block.length);
        }
        return filler;
    }
}
