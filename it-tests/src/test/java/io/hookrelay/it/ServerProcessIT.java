package io.hookrelay.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The runnable jar as an operator uses it: start, probe, stop with SIGTERM, and refuse a second process. */
class ServerProcessIT {
    private static final int POOL_SIZE = 3;
    private static final String DATABASE_PASSWORD = "hunter2hunter2";
    private static final String DATABASE_URL = "postgresql://relay:" + DATABASE_PASSWORD + "@127.0.0.1:5432/hookrelay";

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void servesHealthReadinessAndMetricsThenStopsOnSigtermAndReleasesTheDataDirectory(@TempDir Path dataDir) throws Exception {
        try (HookrelayProcess server = HookrelayProcess.serve(dataDir)) {
            int port = server.awaitPort();

            assertThat(get(port, "/healthz").statusCode()).isEqualTo(200);
            assertThat(get(port, "/readyz").statusCode()).isEqualTo(200);
            HttpResponse<String> metrics = get(port, "/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("relay_work_pending{kind=\"delivery\"}", "jvm_memory_used_bytes");

            server.terminate();
            assertThat(server.awaitExit()).as("a clean stop on SIGTERM exits 0").isZero();
            assertThat(server.stderrLines()).isEmpty();
            assertThat(server.stdoutLines()).anyMatch(line -> line.contains("hookrelay stopped"));
        }
        try (HookrelayProcess restarted = HookrelayProcess.serve(dataDir)) {
            int port = restarted.awaitPort();
            assertThat(get(port, "/readyz").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aSecondProcessOnTheSameDataDirectoryExitsWithCode3AndOneLineNamingIt(@TempDir Path dataDir) throws Exception {
        try (HookrelayProcess first = HookrelayProcess.serve(dataDir)) {
            first.awaitPort();

            try (HookrelayProcess second = HookrelayProcess.serve(dataDir)) {
                assertThat(second.awaitExit()).isEqualTo(3);
                assertThat(second.stderrLines()).hasSize(1);
                assertThat(second.stderrLines().get(0)).contains(dataDir.toString());
            }
        }
    }

    @Test
    void anInvalidSettingIsAOneLineUsageError(@TempDir Path dataDir) throws Exception {
        try (HookrelayProcess server = HookrelayProcess.start("serve", "--data-dir", dataDir.toString(), "--port", "70000")) {
            assertThat(server.awaitExit()).isEqualTo(2);
            assertThat(server.stderrLines()).hasSize(1);
            assertThat(server.stderrLines().get(0)).contains("port");
        }
    }

    @Test
    void aDatabaseWithoutTheSharedSecretsInTheEnvironmentExits2WithOneLineNamingThemAndNeverThePassword() throws Exception {
        try (HookrelayProcess server = HookrelayProcess.start("serve", "--database", DATABASE_URL, "--port", "0")) {
            assertThat(server.awaitExit()).isEqualTo(2);
            assertThat(server.stderrLines()).singleElement().asString()
                    .contains("HOOKRELAY_ADMIN_TOKEN", "HOOKRELAY_SECRET_KEY").doesNotContain(DATABASE_PASSWORD);
            assertThat(server.stdout()).doesNotContain(DATABASE_PASSWORD);
        }
    }

    @Test
    void aDatabaseThatRefusesTheNodeEndsTheStartWithOneLineThatNeverShowsThePassword() throws Exception {
        try (HookrelayProcess server = HookrelayProcess.startWithEnvironment(sharedSecrets(DATABASE_URL), "serve", "--port", "0")) {
            assertThat(server.awaitExit()).isEqualTo(1);
            assertThat(server.stderrLines()).singleElement().asString().startsWith("hookrelay: cannot start")
                    .doesNotContain(DATABASE_PASSWORD);
            assertThat(server.stdout()).doesNotContain(DATABASE_PASSWORD);
        }
    }

    @Test
    void servesOnPostgresqlWithinItsPoolSizeThenStopsOnSigterm() throws Exception {
        String url = postgres.url() + "?pool_max_conns=" + POOL_SIZE;
        try (HookrelayProcess server = HookrelayProcess.startWithEnvironment(sharedSecrets(url), "serve", "--port", "0")) {
            int port = server.awaitPort();

            assertThat(get(port, "/readyz").statusCode()).isEqualTo(200);
            assertThat(server.stdoutLines()).anyMatch(line -> line.contains("(database: jdbc:postgresql://"));
            assertThat(connectionsOnceThePoolIsFull()).as("the node's connections, its pool filled").isEqualTo(POOL_SIZE);

            server.terminate();
            assertThat(server.awaitExit()).as("a clean stop on SIGTERM exits 0").isZero();
            assertThat(server.stderrLines()).isEmpty();
        }
    }

    /**
     * Waits until the node holds {@link #POOL_SIZE} connections (the pool opens them all, in the background), then
     * looks a while longer: a pool of the default size would go on to open more.
     */
    private static int connectionsOnceThePoolIsFull() throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        int seen = connections();
        while (seen < POOL_SIZE && System.nanoTime() < deadline) {
            Thread.sleep(50);
            seen = connections();
        }
        for (int look = 0; look < 20 && seen <= POOL_SIZE; look++) {
            Thread.sleep(50);
            seen = Math.max(seen, connections());
        }
        return seen;
    }

    private static int connections() throws Exception {
        PostgresSettings settings = postgres.settings();
        try (Connection connection = DriverManager.getConnection(settings.jdbcUrl(), settings.user(), settings.password().orElse(null));
             PreparedStatement count = connection.prepareStatement(
                     "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
             ResultSet row = count.executeQuery()) {
            row.next();
            return row.getInt(1);
        }
    }

    private static Map<String, String> sharedSecrets(String databaseUrl) {
        return Map.of("HOOKRELAY_DATABASE_URL", databaseUrl,
                "HOOKRELAY_ADMIN_TOKEN", "it-admin-token-0123456789abcdef",
                "HOOKRELAY_SECRET_KEY", SecretCipher.newKey(new SecureRandom()));
    }

    private HttpResponse<String> get(int port, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
