package io.hookrelay.cli.serve;

import io.hookrelay.cli.common.DurationText;
import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.ingest.LoopGuard;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code hookrelay serve} was asked to run, already checked: a launcher never sees a port out of
 * range or a worker count of zero.
 *
 * @param port            0 asks the operating system for any free port
 * @param workers         how many deliveries may be in flight at once, over all targets (each target still
 *                        holds to its own {@code max_in_flight}); waiting for a receiver holds no thread
 * @param autoPauseAfter  how many consecutive failed attempts pause a target
 * @param shutdownGrace   how long a stop waits for running deliveries before leaving them to the next start
 * @param retainCompleted how long a completed delivery (and an event with nothing left to deliver) is kept
 * @param retainFailed    how long a failed or cancelled delivery is kept, for an operator to look at and retry
 * @param backupDir       the only directory {@code POST /api/v1/admin/backup} writes in; empty for {@value #DEFAULT_BACKUP_DIR}
 *                        in the data directory
 * @param egress          which addresses deliveries may go to
 * @param maxHops         the hop count ({@code X-Hookrelay-Hops}) at which ingest refuses a webhook as looping
 * @param database        the PostgreSQL database everything is kept in, shared with other nodes; empty for
 *                        SQLite in the data directory
 * @param behindHttps     whether clients reach the server through HTTPS (a proxy that terminates it), so the
 *                        console's session cookie may travel over HTTPS only
 */
public record ServeOptions(Path dataDir, String host, int port, int workers, int autoPauseAfter, Duration shutdownGrace,
                           Duration retainCompleted, Duration retainFailed, Optional<Path> backupDir,
                           EgressPolicy egress, int maxHops, Optional<DatabaseUrl> database, boolean behindHttps) {
    public static final int MAX_PORT = 65_535;
    /**
     * Enough that targets hanging with their whole {@code max_in_flight} out (ten each by default) leave room
     * for the rest; what one costs is a connection and a pending exchange, not a thread.
     */
    public static final int DEFAULT_WORKERS = 1_000;
    /** Far above what one SQLite file can feed; a bigger number is a typo, not a tuning. */
    public static final int MAX_WORKERS = 10_000;
    public static final int MAX_AUTO_PAUSE_AFTER = 100_000;
    public static final int DEFAULT_AUTO_PAUSE_AFTER = 20;
    public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(30);
    /** Longer than any init system waits for a stop; beyond it the deliveries are better left to the next start. */
    public static final Duration MAX_SHUTDOWN_GRACE = Duration.ofMinutes(10);
    public static final Duration DEFAULT_RETAIN_COMPLETED = Duration.ofDays(7);
    public static final Duration DEFAULT_RETAIN_FAILED = Duration.ofDays(30);
    public static final Duration MAX_RETENTION = Duration.ofDays(3_650);
    public static final String DEFAULT_BACKUP_DIR = "backups";
    public static final int DEFAULT_MAX_HOPS = LoopGuard.DEFAULT_MAX_HOPS;

    public ServeOptions {
        List<String> problems = new ArrayList<>(
                problems(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, retainCompleted, retainFailed));
        Objects.requireNonNull(backupDir, "backupDir").flatMap(ServeOptions::backupDirProblem).ifPresent(problems::add);
        maxHopsProblem(maxHops).ifPresent(problems::add);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        Objects.requireNonNull(egress, "egress");
        Objects.requireNonNull(database, "database");
    }

    public ServeOptions(Path dataDir, String host, int port, int workers, int autoPauseAfter, Duration shutdownGrace,
                        Duration retainCompleted, Duration retainFailed) {
        this(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, retainCompleted, retainFailed, Optional.empty(),
                EgressPolicy.DEFAULT, DEFAULT_MAX_HOPS, Optional.empty(), false);
    }

    /** The server's defaults for everything but where it keeps its data and where it listens. */
    public static ServeOptions of(Path dataDir, String host, int port, int workers) {
        return new ServeOptions(dataDir, host, port, workers, DEFAULT_AUTO_PAUSE_AFTER, DEFAULT_SHUTDOWN_GRACE,
                DEFAULT_RETAIN_COMPLETED, DEFAULT_RETAIN_FAILED);
    }

    /** @param listenOn the port to listen on instead: the one a server waiting to start was given for port 0 */
    public ServeOptions withPort(int listenOn) {
        return new ServeOptions(dataDir, host, listenOn, workers, autoPauseAfter, shutdownGrace, retainCompleted, retainFailed,
                backupDir, egress, maxHops, database, behindHttps);
    }

    public ServeOptions withAutoPauseAfter(int attempts) {
        return new ServeOptions(dataDir, host, port, workers, attempts, shutdownGrace, retainCompleted, retainFailed, backupDir, egress,
                maxHops, database, behindHttps);
    }

    public ServeOptions withShutdownGrace(Duration grace) {
        return new ServeOptions(dataDir, host, port, workers, autoPauseAfter, grace, retainCompleted, retainFailed, backupDir, egress,
                maxHops, database, behindHttps);
    }

    public ServeOptions withRetention(Duration completed, Duration failed) {
        return new ServeOptions(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, completed, failed, backupDir, egress,
                maxHops, database, behindHttps);
    }

    /** @param directory where server-side backups go, instead of {@value #DEFAULT_BACKUP_DIR} in the data directory */
    public ServeOptions withBackupDir(Path directory) {
        return new ServeOptions(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, retainCompleted, retainFailed,
                Optional.of(directory), egress, maxHops, database, behindHttps);
    }

    public ServeOptions withEgress(EgressPolicy policy) {
        return new ServeOptions(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, retainCompleted, retainFailed, backupDir,
                policy, maxHops, database, behindHttps);
    }

    public ServeOptions withMaxHops(int hops) {
        return new ServeOptions(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, retainCompleted, retainFailed, backupDir,
                egress, hops, database, behindHttps);
    }

    /** @param url the PostgreSQL database to keep everything in, instead of SQLite in the data directory */
    public ServeOptions withDatabase(DatabaseUrl url) {
        return new ServeOptions(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, retainCompleted, retainFailed, backupDir,
                egress, maxHops, Optional.of(url), behindHttps);
    }

    public ServeOptions withBehindHttps(boolean https) {
        return new ServeOptions(dataDir, host, port, workers, autoPauseAfter, shutdownGrace, retainCompleted, retainFailed, backupDir,
                egress, maxHops, database, https);
    }

    /** The directory server-side backups go in: {@code --backup-dir}, else {@value #DEFAULT_BACKUP_DIR} in the data directory. */
    public Path backupDirectory() {
        return backupDir.orElseGet(() -> dataDir.resolve(DEFAULT_BACKUP_DIR));
    }

    /** What is wrong with {@code --max-hops}, if anything. */
    public static Optional<String> maxHopsProblem(int maxHops) {
        return maxHops < 1 || maxHops > LoopGuard.MOST_MAX_HOPS
                ? Optional.of("--max-hops must be between 1 and " + LoopGuard.MOST_MAX_HOPS + ", was " + maxHops)
                : Optional.empty();
    }

    /** Everything wrong with these values, one sentence each, so a user can fix them all in one go. */
    public static List<String> problems(Path dataDir, String host, int port, int workers, int autoPauseAfter,
                                        Duration shutdownGrace, Duration retainCompleted, Duration retainFailed) {
        List<String> problems = new ArrayList<>();
        if (dataDir == null || dataDir.toString().isBlank()) {
            problems.add("--data-dir must name a directory");
        }
        if (host == null || host.isBlank()) {
            problems.add("--host must not be empty");
        }
        if (port < 0 || port > MAX_PORT) {
            problems.add("--port must be between 0 and " + MAX_PORT + ", was " + port);
        }
        if (workers < 1 || workers > MAX_WORKERS) {
            problems.add("--workers must be between 1 and " + MAX_WORKERS + ", was " + workers);
        }
        if (autoPauseAfter < 1 || autoPauseAfter > MAX_AUTO_PAUSE_AFTER) {
            problems.add("--auto-pause-after must be between 1 and " + MAX_AUTO_PAUSE_AFTER + ", was " + autoPauseAfter);
        }
        checkSpan(problems, "--shutdown-grace", shutdownGrace, Duration.ZERO, MAX_SHUTDOWN_GRACE);
        checkSpan(problems, "--retain-completed", retainCompleted, Duration.ofSeconds(1), MAX_RETENTION);
        checkSpan(problems, "--retain-failed", retainFailed, Duration.ofSeconds(1), MAX_RETENTION);
        return problems;
    }

    /** What is wrong with a {@code --backup-dir} that was given, if anything. */
    public static Optional<String> backupDirProblem(Path backupDir) {
        return backupDir.toString().isBlank() ? Optional.of("--backup-dir must name a directory") : Optional.empty();
    }

    private static void checkSpan(List<String> problems, String option, Duration span, Duration least, Duration most) {
        if (span == null) {
            problems.add(option + " must be given");
        } else if (span.compareTo(least) < 0 || span.compareTo(most) > 0) {
            problems.add(option + " must be between " + DurationText.describe(least) + " and " + DurationText.describe(most)
                    + ", was " + DurationText.describe(span));
        }
    }
}
