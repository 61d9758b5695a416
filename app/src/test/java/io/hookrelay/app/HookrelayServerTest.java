package io.hookrelay.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Injector;
import io.hookrelay.cli.HookrelayCli;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.pool.WorkerPool;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class HookrelayServerTest {
    private static final Duration WAIT = Duration.ofSeconds(15);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(WAIT).build();
    @TempDir
    private Path dataDir;
    private Injector injector;
    private HookrelayServer server;

    @BeforeEach
    void start() {
        injector = Main.injector(ServeOptions.of(dataDir, "127.0.0.1", 0, 2));
        server = HookrelayServer.start(injector);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void healthzAndReadyzAnswerOk() throws Exception {
        assertThat(get("/healthz").body()).isEqualTo("{\"status\":\"ok\"}");

        HttpResponse<String> ready = get("/readyz");
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).isEqualTo("{\"status\":\"ready\"}");
    }

    @Test
    void readyzFailsOnceTheWorkersAreNotRunning() throws Exception {
        injector.getInstance(WorkerPool.class).close();

        HttpResponse<String> ready = get("/readyz");

        assertThat(ready.statusCode()).isEqualTo(503);
        assertThat(ready.body()).isEqualTo("{\"error\":\"not_ready\",\"message\":\"the worker pool is not running\"}");
    }

    @Test
    void metricsExportTheQueueTheRelayStorageRetentionAndTheJvm() throws Exception {
        HttpResponse<String> metrics = get("/metrics");

        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
        assertThat(metrics.body())
                .contains("relay_work_pending{kind=\"delivery\"} 0.0")
                .contains("relay_work_pending{kind=\"other\"} 0.0")
                .contains("jvm_memory_used_bytes{")
                .contains("process_uptime_seconds ")
                .contains("relay_storage_write_transactions_total ")
                .contains("relay_storage_commit_seconds_count ")
                .contains("relay_storage_busy_retries_total 0.0")
                .contains("relay_ingest_total{outcome=\"accepted\"} 0.0")
                .contains("relay_delivery_attempts_total{outcome=\"timeout\"} 0.0")
                .contains("relay_delivery_lag_seconds_count 0")
                .contains("relay_retention_deleted_total{what=\"delivery\"} 0.0")
                .contains("relay_retention_deleted_total{what=\"event\"} 0.0")
                .contains("relay_retention_sweep_failures_total 0.0")
                .containsPattern("(?m)^relay_storage_db_bytes [1-9][0-9.E]*$")
                .containsPattern("(?m)^relay_storage_wal_bytes [0-9.E]+$");
    }

    @Test
    void anIntentNobodyHandlesIsAttemptedAndCountedAsNoHandler() throws Exception {
        IntentQueue queue = injector.getInstance(IntentQueue.class);

        queue.enqueue(NewIntent.of("unheard-of-kind", "evt_1", "target-a", "{}"));

        // The counter and the timer are two updates; a scrape may land between them, so wait for both.
        String metrics = awaitMetrics(page -> page.contains("relay_work_attempts_total{kind=\"other\",outcome=\"no_handler\"} 1.0")
                && page.contains("relay_work_duration_seconds_count{kind=\"other\",outcome=\"no_handler\"} 1"));
        assertThat(metrics).doesNotContain("unheard-of-kind");
        // Retried later, so it is pending again rather than lost.
        awaitMetrics(page -> page.contains("relay_work_pending{kind=\"other\"} 1.0"));
    }

    @Test
    void stoppingReleasesTheDataDirectory() {
        server.close();

        SqliteDatabase.open(dataDir).close();
    }

    @Test
    void aServerStoppedBeforeItStartedStaysStopped(@TempDir Path otherDataDir) throws Exception {
        HookrelayServer early = HookrelayServer.wire(
                Main.injector(ServeOptions.of(otherDataDir, "127.0.0.1", 0, 1)));

        early.close();
        early.start();

        assertThat(early.awaitStopped()).isEmpty();
        assertThatIllegalStateException().isThrownBy(early::address);
        SqliteDatabase.open(otherDataDir).close();
    }

    @Test
    void aSecondServerOnTheSameDataDirectoryIsRefusedWithExitCode3() throws Exception {
        ServeOptions sameDir = ServeOptions.of(dataDir, "127.0.0.1", 0, 1);
        Path realDir = dataDir.toRealPath();

        assertThatThrownBy(() -> StartupFailures.translate(sameDir, () -> HookrelayServer.start(Main.injector(sameDir))))
                .isInstanceOfSatisfying(CommandFailedException.class, failure -> {
                    assertThat(failure.exitCode()).isEqualTo(3);
                    assertThat(failure.getMessage()).isEqualTo("data directory " + realDir
                            + " is in use by another hookrelay process (lock " + realDir.resolve("hookrelay.lock") + ")");
                });
        assertThat(get("/readyz").statusCode()).as("the first server is untouched").isEqualTo(200);
    }

    @Test
    void serveOnALockedDataDirectoryPrintsOneLineAndExits3() {
        StringWriter err = new StringWriter();
        CommandLine commandLine = HookrelayCli.commandLine(new ProcessServerLauncher(Main::injector), new StorageRestore(), Map.<String, String>of()::get);
        commandLine.setErr(new PrintWriter(err, true));

        int exitCode = commandLine.execute("serve", "--data-dir", dataDir.toString(), "--port", "0");

        assertThat(exitCode).isEqualTo(3);
        assertThat(err.toString().lines().toList()).singleElement().asString()
                .startsWith("hookrelay: data directory ")
                .contains(dataDir.getFileName().toString())
                .endsWith("hookrelay.lock)");
    }

    @Test
    void aPortInUseFailsTheStartAndReleasesTheDataDirectory(@TempDir Path otherDataDir) {
        ServeOptions samePort = ServeOptions.of(otherDataDir, "127.0.0.1", server.address().getPort(), 1);

        assertThatThrownBy(() -> StartupFailures.translate(samePort, () -> HookrelayServer.start(Main.injector(samePort))))
                .isInstanceOfSatisfying(CommandFailedException.class, failure -> {
                    assertThat(failure.exitCode()).isEqualTo(1);
                    assertThat(failure.getMessage()).startsWith("cannot listen on 127.0.0.1:" + server.address().getPort());
                });
        SqliteDatabase.open(otherDataDir).close();
    }

    private String awaitMetrics(Predicate<String> condition) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        String page = get("/metrics").body();
        while (!condition.test(page)) {
            assertThat(Instant.now()).as("metrics never matched; last page:%n%s", page).isBefore(deadline);
            Thread.onSpinWait();
            page = get("/metrics").body();
        }
        return page;
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        URI uri = URI.create("http://127.0.0.1:" + server.address().getPort() + path);
        return client.send(HttpRequest.newBuilder(uri).timeout(WAIT).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
