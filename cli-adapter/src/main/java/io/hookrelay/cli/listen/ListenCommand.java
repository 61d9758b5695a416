package io.hookrelay.cli.listen;

import com.sun.net.httpserver.HttpServer;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.common.ErrorLines;
import io.hookrelay.cli.common.VersionProvider;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.signing.StandardWebhooks;
import io.hookrelay.delivery.signing.WebhookSecrets;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hookrelay listen}: a receiver to point a target at while trying hookrelay out, so the first
 * delivery can be watched arriving (and, with {@code --status 500}, being retried) without writing one.
 *
 * <p>It reads no {@code HOOKRELAY_*} variables: {@code HOOKRELAY_HOST} and {@code HOOKRELAY_PORT} say where
 * the server listens, which is exactly where this receiver must not.
 */
@Command(
        name = "listen",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Runs a webhook receiver for trying hookrelay out: prints each request it receives, with whether its "
                    + "Standard Webhooks signature is valid, and answers it, until stopped (Ctrl-C).",
            "Point a target at the URL it prints."})
public final class ListenCommand implements Callable<Integer> {
    private static final int LOWEST_STATUS = 200;
    private static final int HIGHEST_STATUS = 599;

    private final Clock clock;

    @Spec
    private CommandSpec spec;

    @Option(names = "--host", paramLabel = "H", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    private String host;

    @Option(names = "--port", paramLabel = "N", defaultValue = "9000",
            description = "Port to listen on, 0 for any free port (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--secret", paramLabel = "whsec_...",
            description = "The target's signing secret; with it, each request's webhook-signature is checked.")
    private String secret;

    @Option(names = "--public-key", paramLabel = "whpk_...",
            description = "The public key of a v1a (ed25519) target; with it, each request's webhook-signature is checked.")
    private String publicKey;

    @Option(names = "--status", paramLabel = "CODE", defaultValue = "200",
            description = "Status to answer every request with, such as 500 to watch hookrelay retry (default: ${DEFAULT-VALUE}).")
    private int status;

    public ListenCommand(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Integer call() {
        List<String> problems = problems();
        if (!problems.isEmpty()) {
            problems.forEach(problem -> ErrorLines.print(spec.commandLine().getErr(), problem));
            return spec.exitCodeOnInvalidInput();
        }
        PrintWriter out = spec.commandLine().getOut();
        Optional<String> key = Optional.ofNullable(secret).or(() -> Optional.ofNullable(publicKey));
        HttpServer server = bind(new ListenHandler(out, key, status, clock));
        Thread stopOnExit = new Thread(() -> server.stop(0), "hookrelay-listen-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        // Bound but not started yet: a delivery already waiting for this port is printed after these lines.
        out.println("listening on http://" + hostInUrl() + ":" + server.getAddress().getPort() + "/ — point a target at this URL");
        out.println(key.isEmpty()
                ? "signatures are not checked: add --secret with the target's whsec_ secret, or --public-key with its whpk_"
                        + " key, to check them"
                : "checking each webhook-signature against " + SignatureVerdicts.optionOf(key.get()));
        out.flush();
        server.start();
        // Until Ctrl-C or SIGTERM, whose shutdown hook closes the server; an interrupt is how a caller in the
        // same JVM (a test) stops it instead.
        while (!Thread.currentThread().isInterrupted()) {
            LockSupport.park(this);
        }
        Runtime.getRuntime().removeShutdownHook(stopOnExit);
        server.stop(0);
        return ExitCode.OK;
    }

    /** Everything wrong with the options, one sentence each, so they can all be fixed in one go. */
    private List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (host.isBlank()) {
            problems.add("--host must not be empty");
        } else if (new InetSocketAddress(host, 0).isUnresolved()) {
            problems.add("--host " + host + " does not resolve to an address");
        }
        if (port < 0 || port > ServeOptions.MAX_PORT) {
            problems.add("--port must be between 0 and " + ServeOptions.MAX_PORT + ", was " + port);
        }
        if (secret != null) {
            try {
                WebhookSecrets.requireValid(secret, "--secret");
            } catch (InvalidRequestException invalid) {
                problems.add(invalid.getMessage());
            }
        }
        if (publicKey != null) {
            if (secret != null) {
                problems.add("give --secret or --public-key, not both");
            }
            try {
                StandardWebhooks.requirePublicKey(publicKey, "--public-key");
            } catch (InvalidRequestException invalid) {
                problems.add(invalid.getMessage());
            }
        }
        if (status < LOWEST_STATUS || status > HIGHEST_STATUS) {
            problems.add("--status must be between " + LOWEST_STATUS + " and " + HIGHEST_STATUS + ", was " + status);
        }
        return problems;
    }

    private HttpServer bind(ListenHandler handler) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
            server.createContext("/", handler);
            return server;
        } catch (IOException e) {
            throw new CommandFailedException(1, "cannot listen on " + hostInUrl() + ":" + port + ": " + e.getMessage(), e);
        }
    }

    /** An IPv6 literal goes in brackets, or its colons would read as the port's. */
    private String hostInUrl() {
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
