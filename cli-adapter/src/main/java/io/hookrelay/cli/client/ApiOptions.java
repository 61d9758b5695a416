package io.hookrelay.cli.client;

import io.hookrelay.cli.common.Defaults;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * How an admin command reaches the server, mixed into every one of them: the same flags, variables and
 * defaults everywhere, so a script can set {@code HOOKRELAY_URL} and {@code HOOKRELAY_ADMIN_TOKEN} once.
 */
public final class ApiOptions {
    @Option(names = "--url", paramLabel = "URL", defaultValue = Defaults.SERVER_URL, converter = HttpUrlConverter.class,
            description = "The hookrelay server (env HOOKRELAY_URL; default: ${DEFAULT-VALUE}).")
    private URI url;

    // No ${DEFAULT-VALUE} here: the environment supplies the default, and help must never print the token.
    @Option(names = "--token", paramLabel = "TOKEN",
            description = "Admin token (env HOOKRELAY_ADMIN_TOKEN; otherwise read from <data-dir>/admin.token). "
                    + "Prefer the variable or the file: other local users can see a flag in the process list.")
    private String token;

    @Option(names = "--data-dir", paramLabel = "DIR", defaultValue = Defaults.DATA_DIR,
            description = "The server's data directory, where admin.token is read from when no token is given "
                    + "(env HOOKRELAY_DATA_DIR; default: ${DEFAULT-VALUE}).")
    private Path dataDir;

    @Option(names = "--tenant", paramLabel = "ID",
            description = "The tenant to act in, for the operator (env HOOKRELAY_TENANT; default: the default tenant).")
    private String tenant;

    @Option(names = "--json", description = "Print the server's JSON answer as it is, for scripts.")
    private boolean json;

    /** Resolves the token (flag, then variable, then file) and returns a client for the server. */
    public AdminClient client() {
        return new AdminClient(url, AdminToken.resolve(token, dataDir), Optional.ofNullable(tenant));
    }

    public Optional<String> tenant() {
        return Optional.ofNullable(tenant);
    }

    public boolean json() {
        return json;
    }
}
