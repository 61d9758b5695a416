package io.hookrelay.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code hookrelay serve} was asked to run, already checked: a launcher never sees a port out of
 * range or a worker count of zero.
 *
 * @param port    0 asks the operating system for any free port
 * @param workers        how many intents are worked on at once
 * @param autoPauseAfter how many consecutive failed attempts pause a target
 */
public record ServeOptions(Path dataDir, String host, int port, int workers, int autoPauseAfter) {
    public static final int MAX_PORT = 65_535;
    /** Far above what one SQLite file can feed; a bigger number is a typo, not a tuning. */
    public static final int MAX_WORKERS = 512;
    public static final int MAX_AUTO_PAUSE_AFTER = 100_000;

    public ServeOptions {
        List<String> problems = problems(dataDir, host, port, workers, autoPauseAfter);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    /** Everything wrong with these values, one sentence each, so a user can fix them all in one go. */
    public static List<String> problems(Path dataDir, String host, int port, int workers, int autoPauseAfter) {
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
        return problems;
    }
}
