package io.hookrelay.bench;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The packaged relay in a process of its own, as it runs in production, with the API client its benchmark
 * uses to configure it. Its HTTP load comes from {@link Wrk}, another process on the same cores.
 */
final class BenchRelay implements AutoCloseable {
    private final HookrelayProcess process;
    private final int port;
    private final ApiClient api;

    private BenchRelay(HookrelayProcess process, int port, ApiClient api) {
        this.process = process;
        this.port = port;
        this.api = api;
    }

    /** With the relay's default settings, as an operator who passes no flag runs it. */
    static BenchRelay start(Path dataDir) throws Exception {
        HookrelayProcess process = HookrelayProcess.serve(dataDir);
        try {
            int port = process.awaitPort();
            ApiClient api = new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(HookrelayProcess.adminTokenOf(dataDir)));
            return new BenchRelay(process, port, api);
        } catch (Exception | Error e) {
            process.close();
            throw e;
        }
    }

    /**
     * A node on a shared PostgreSQL database ({@code postgresql://…}), with the relay's default settings and the
     * secrets every node of that database must share.
     */
    static BenchRelay startOnDatabase(String databaseUrl, String adminToken, String secretKey) throws Exception {
        HookrelayProcess process = HookrelayProcess.startWithEnvironment(
                Map.of("HOOKRELAY_ADMIN_TOKEN", adminToken, "HOOKRELAY_SECRET_KEY", secretKey),
                "serve", "--database", databaseUrl, "--port", "0");
        try {
            int port = process.awaitPort();
            return new BenchRelay(process, port, new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(adminToken)));
        } catch (Exception | Error e) {
            process.close();
            throw e;
        }
    }

    int port() {
        return port;
    }

    /**
     * On a connection of its own each time: the benchmark's admin calls come tens of seconds apart, as long as
     * the server's idle deadline, and a pooled connection the server is closing just then would be reset.
     */
    ApiClient api() {
        return api.onConnectionsOfItsOwn();
    }

    /** SIGTERM, then waits for the relay to finish its deliveries in flight and exit; SIGKILL if interrupted. */
    @Override
    public void close() {
        try {
            process.terminate();
            process.awaitExit();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            process.close();
        }
    }
}
