package io.hookrelay.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The queue's baseline figure beside the physical limit, both measured in the same run on the same file
 * system: raw single-row SQLite commits per second, and no-op intents per second enqueue→complete through
 * {@code WorkerPool} + {@code SqliteIntentStore}, both with {@code synchronous=FULL}.
 *
 * <p>Run it with {@code mvn -Pbenchmark -DskipTests verify} (see README); options as system properties:
 * {@code bench.intents}, {@code bench.producers}, {@code bench.workers}, {@code bench.rawSeconds},
 * {@code bench.dir} (defaults to a temporary directory, which should be on the disk you care about).
 */
public final class QueueBenchmark {

    record Settings(int intents, int producers, int workers, Duration rawDuration) {
        Settings {
            if (intents < 1 || producers < 1 || workers < 1 || rawDuration.isNegative() || rawDuration.isZero()) {
                throw new IllegalArgumentException("benchmark settings must be positive");
            }
        }

        static Settings fromSystemProperties() {
            return new Settings(
                    Integer.getInteger("bench.intents", 50_000),
                    Integer.getInteger("bench.producers", 16),
                    Integer.getInteger("bench.workers", 8),
                    Duration.ofSeconds(Integer.getInteger("bench.rawSeconds", 5)));
        }
    }

    record Report(Settings settings, double rawCommitsPerSecond, QueueThroughput.Result queue) {
        double ratio() {
            return queue.intentsPerSecond() / rawCommitsPerSecond;
        }

        String table() {
            return String.join(System.lineSeparator(),
                    String.format(Locale.ROOT, "machine: %d cores, Java %s (%s), synchronous=FULL, journal_mode=WAL",
                            Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), System.getProperty("java.vm.name")),
                    String.format(Locale.ROOT, "settings: %d intents, %d producers (one intent per enqueue call), %d workers, raw commits for %d s",
                            settings.intents(), settings.producers(), settings.workers(), settings.rawDuration().toSeconds()),
                    "| figure | value |",
                    "|---|---|",
                    String.format(Locale.ROOT, "| raw SQLite single-row commits/s (baseline) | %,.0f |", rawCommitsPerSecond),
                    String.format(Locale.ROOT, "| queue no-op intents/s, enqueue→complete | %,.0f |", queue.intentsPerSecond()),
                    String.format(Locale.ROOT, "| ratio queue / raw commits | %.2f |", ratio()),
                    String.format(Locale.ROOT, "| queue write transactions (tasks per transaction) | %,d (%.1f) |",
                            queue.writeStats().transactions(), queue.meanBatch()));
        }
    }

    private QueueBenchmark() {
    }

    static Report run(Settings settings, Path workDir) throws Exception {
        double raw = RawSqliteCommits.measure(workDir.resolve("raw.db"), settings.rawDuration());
        QueueThroughput.Result queue = QueueThroughput.measure(
                workDir.resolve("queue"), settings.intents(), settings.producers(), settings.workers(), Duration.ofMinutes(10));
        return new Report(settings, raw, queue);
    }

    public static void main(String[] args) throws Exception {
        String dir = System.getProperty("bench.dir");
        Path workDir = dir == null ? Files.createTempDirectory("hookrelay-bench") : Files.createDirectories(Path.of(dir));
        System.out.println("benchmark directory: " + workDir.toAbsolutePath());
        System.out.println(run(Settings.fromSystemProperties(), workDir).table());
    }
}
