package io.hookrelay.cli.serve;

import io.hookrelay.cli.common.Defaults;
import io.hookrelay.cli.common.DurationText;
import io.hookrelay.cli.common.ErrorLines;
import io.hookrelay.cli.common.VersionProvider;
import io.hookrelay.delivery.egress.AddressRange;
import io.hookrelay.delivery.egress.EgressPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code hookrelay serve}: checks its options, then runs the server until it is stopped. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Runs the relay: storage, workers and the HTTP server, until stopped (SIGTERM or Ctrl-C).")
public final class ServeCommand implements Callable<Integer> {
    private final ServerLauncher launcher;

    @Spec
    private CommandSpec spec;

    @Option(names = "--data-dir", paramLabel = "DIR", defaultValue = Defaults.DATA_DIR,
            description = "Directory of the database and its lock (env HOOKRELAY_DATA_DIR; default: ${DEFAULT-VALUE}).")
    private Path dataDir;

    // Taken as text and read in call(): picocli's own conversion errors would quote it, password and all.
    @Option(names = "--database", paramLabel = "URL",
            description = "PostgreSQL database to keep everything in, which any number of nodes may share, instead of SQLite in "
                    + "--data-dir: " + DatabaseUrl.FORM + ", or jdbc:postgresql://... (env HOOKRELAY_DATABASE_URL).")
    private String database;

    @Option(names = "--host", paramLabel = "H", defaultValue = "127.0.0.1",
            description = "Address to listen on (env HOOKRELAY_HOST; default: ${DEFAULT-VALUE}).")
    private String host;

    @Option(names = "--port", paramLabel = "N", defaultValue = "8080",
            description = "Port to listen on, 0 for any free port (env HOOKRELAY_PORT; default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "" + ServeOptions.DEFAULT_WORKERS,
            description = "How many deliveries may be in flight at once, over all targets; waiting for a receiver holds "
                    + "no thread (env HOOKRELAY_WORKERS; default: ${DEFAULT-VALUE}).")
    private int workers;

    @Option(names = "--auto-pause-after", paramLabel = "N", defaultValue = "20",
            description = "Consecutive failed attempts that pause a target (env HOOKRELAY_AUTO_PAUSE_AFTER; default: ${DEFAULT-VALUE}).")
    private int autoPauseAfter;

    @Option(names = "--shutdown-grace", paramLabel = "SPAN", defaultValue = "30s", converter = DurationText.Converter.class,
            description = "How long a stop waits for deliveries in flight; the rest are retried at the next start "
                    + "(env HOOKRELAY_SHUTDOWN_GRACE; default: ${DEFAULT-VALUE}).")
    private Duration shutdownGrace;

    @Option(names = "--retain-completed", paramLabel = "SPAN", defaultValue = "7d", converter = DurationText.Converter.class,
            description = "How long completed deliveries, and events with nothing left to deliver, are kept "
                    + "(env HOOKRELAY_RETAIN_COMPLETED; default: ${DEFAULT-VALUE}).")
    private Duration retainCompleted;

    @Option(names = "--retain-failed", paramLabel = "SPAN", defaultValue = "30d", converter = DurationText.Converter.class,
            description = "How long failed and cancelled deliveries are kept (env HOOKRELAY_RETAIN_FAILED; default: ${DEFAULT-VALUE}).")
    private Duration retainFailed;

    // No default here: it follows --data-dir.
    @Option(names = "--backup-dir", paramLabel = "DIR",
            description = "The only directory POST /api/v1/admin/backup writes in, created owner-only when first needed "
                    + "(env HOOKRELAY_BACKUP_DIR; default: <data-dir>/" + ServeOptions.DEFAULT_BACKUP_DIR + ").")
    private Path backupDir;

    @Option(names = "--allow-targets", paramLabel = "CIDRS", defaultValue = "",
            description = "Deliver only to addresses in these ranges, comma-separated; the denied ranges stay denied "
                    + "(env HOOKRELAY_ALLOW_TARGETS; default: any address not denied).")
    private String allowTargets;

    @Option(names = "--deny-targets", paramLabel = "CIDRS", defaultValue = "",
            description = "Never deliver to addresses in these ranges, comma-separated, besides link-local, unspecified and "
                    + "cloud metadata addresses, which are always denied (env HOOKRELAY_DENY_TARGETS).")
    private String denyTargets;

    @Option(names = "--max-hops", paramLabel = "N", defaultValue = "3",
            description = "Relays a webhook may pass through (X-Hookrelay-Hops) before ingest refuses it as a loop with 508 "
                    + "(env HOOKRELAY_MAX_HOPS; default: ${DEFAULT-VALUE}).")
    private int maxHops;

    @Option(names = "--behind-https", paramLabel = "BOOLEAN", defaultValue = "false", arity = "1",
            description = "Whether clients reach the server through HTTPS, so the console's session cookie is sent over HTTPS "
                    + "only (env HOOKRELAY_BEHIND_HTTPS; default: ${DEFAULT-VALUE}).")
    private boolean behindHttps;

    public ServeCommand(ServerLauncher launcher) {
        this.launcher = Objects.requireNonNull(launcher, "launcher");
    }

    @Override
    public Integer call() {
        List<String> problems = new ArrayList<>(ServeOptions.problems(dataDir, host, port, workers, autoPauseAfter, shutdownGrace,
                retainCompleted, retainFailed));
        Optional.ofNullable(backupDir).flatMap(ServeOptions::backupDirProblem).ifPresent(problems::add);
        List<AddressRange> allowOnly = ranges("--allow-targets", allowTargets, problems);
        List<AddressRange> denied = ranges("--deny-targets", denyTargets, problems);
        ServeOptions.maxHopsProblem(maxHops).ifPresent(problems::add);
        Optional<DatabaseUrl> databaseUrl = databaseUrl(problems);
        if (!problems.isEmpty()) {
            problems.forEach(problem -> ErrorLines.print(spec.commandLine().getErr(), problem));
            return spec.exitCodeOnInvalidInput();
        }
        ServeOptions options = new ServeOptions(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, retainCompleted,
                retainFailed).withEgress(EgressPolicy.of(allowOnly, denied)).withMaxHops(maxHops)
                .withBehindHttps(behindHttps);
        options = backupDir == null ? options : options.withBackupDir(backupDir);
        launcher.serve(databaseUrl.map(options::withDatabase).orElse(options));
        return ExitCode.OK;
    }

    /** A data directory given as well would be silently unused: refused rather than ignored. */
    private Optional<DatabaseUrl> databaseUrl(List<String> problems) {
        if (database == null) {
            return Optional.empty();
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--data-dir") || !Path.of(Defaults.DATA_DIR).equals(dataDir)) {
            problems.add("--database and --data-dir (HOOKRELAY_DATA_DIR) cannot be given together: with --database everything is kept in PostgreSQL");
        }
        try {
            return Optional.of(DatabaseUrl.parse(database));
        } catch (IllegalArgumentException e) {
            problems.add("--database: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static List<AddressRange> ranges(String option, String commaSeparated, List<String> problems) {
        try {
            return EgressPolicy.parseList(commaSeparated);
        } catch (IllegalArgumentException e) {
            problems.add(option + ": " + e.getMessage());
            return List.of();
        }
    }
}
