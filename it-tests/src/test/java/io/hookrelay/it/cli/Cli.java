package io.hookrelay.it.cli;

import io.hookrelay.cli.HookrelayCli;
import io.hookrelay.cli.backup.OfflineRestore;
import io.hookrelay.cli.serve.ServerLauncher;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.RelayServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The {@code hookrelay} command line in this JVM, built by {@link HookrelayCli#commandLine} as the real
 * {@code main} builds it, with its output captured and the environment it sees given by the test; or the
 * real jar in a child JVM ({@link #runJar}), for what only the application can do.
 */
public final class Cli {
    private static final ServerLauncher NO_SERVE = options -> {
        throw new AssertionError("these tests start their servers themselves");
    };
    /**
     * {@code restore} runs in the real jar ({@link io.hookrelay.it.support.HookrelayProcess}): the application's
     * restore is not public.
     */
    private static final OfflineRestore NO_RESTORE = options -> {
        throw new AssertionError("restore runs through the jar in these tests");
    };

    private Cli() {
    }

    public static CliRun run(Map<String, String> environment, String... arguments) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = HookrelayCli.commandLine(NO_SERVE, NO_RESTORE, environment::get);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(arguments);
        return new CliRun(exitCode, out.toString(), err.toString());
    }

    /** An admin command with {@code --url url} and the token on the command line, nothing from the environment. */
    public static CliRun admin(String url, String... arguments) {
        return run(Map.of(), Stream.concat(Stream.of(arguments), Stream.of("--url", url, "--token", RelayServer.ADMIN_TOKEN))
                .toArray(String[]::new));
    }

    /** One command of the real jar in a child JVM, run to its end. */
    public static CliRun runJar(String... arguments) throws IOException, InterruptedException {
        try (HookrelayProcess jar = HookrelayProcess.start(arguments)) {
            int exitCode = jar.awaitExit();
            return new CliRun(exitCode, jar.stdout(), jar.stderr());
        }
    }
}
