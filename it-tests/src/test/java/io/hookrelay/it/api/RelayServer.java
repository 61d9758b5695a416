package io.hookrelay.it.api;

import io.hookrelay.app.HookrelayServer;
import io.hookrelay.app.Main;
import io.hookrelay.cli.ServeOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A hookrelay server in this JVM, wired by {@link Main#injector} and started by {@link HookrelayServer#start}
 * exactly as {@code hookrelay serve} does, on real SQLite in {@code dataDir} and a port the OS picks.
 */
public final class RelayServer implements AutoCloseable {
    /** What an operator would put in {@code HOOKRELAY_ADMIN_TOKEN}. */
    public static final String ADMIN_TOKEN = "it-admin-token-0123456789abcdef";
    private static final int WORKERS = 2;
    private static final int AUTO_PAUSE_AFTER = 20;

    private final HookrelayServer server;
    private final ApiClient api;

    private RelayServer(HookrelayServer server, ApiClient api) {
        this.server = server;
        this.api = api;
    }

    /** A server whose admin token comes from the environment, as {@link #ADMIN_TOKEN}. */
    public static RelayServer start(Path dataDir) {
        HookrelayServer server = HookrelayServer.start(Main.injector(options(dataDir), Optional.of(ADMIN_TOKEN)));
        return new RelayServer(server, new ApiClient(baseUri(server), Optional.of(ADMIN_TOKEN)));
    }

    /** A server without a token in the environment: it reads, or on a first start creates, {@code <dataDir>/admin.token}. */
    public static RelayServer startWithTokenFile(Path dataDir) {
        HookrelayServer server = HookrelayServer.start(Main.injector(options(dataDir), Optional.empty()));
        return new RelayServer(server, new ApiClient(baseUri(server), Optional.of(tokenFileOf(dataDir))));
    }

    /** The token a server started by {@link #startWithTokenFile} keeps in its data directory. */
    private static String tokenFileOf(Path dataDir) {
        try {
            return Files.readString(dataDir.resolve("admin.token"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI baseUri() {
        return baseUri(server);
    }

    /** A client of this server's API that sends the admin token. */
    public ApiClient api() {
        return api;
    }

    @Override
    public void close() {
        server.close();
    }

    private static ServeOptions options(Path dataDir) {
        return new ServeOptions(dataDir, "127.0.0.1", 0, WORKERS, AUTO_PAUSE_AFTER);
    }

    private static URI baseUri(HookrelayServer server) {
        return URI.create("http://127.0.0.1:" + server.address().getPort());
    }
}
