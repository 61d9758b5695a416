package io.hookrelay.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the benchmark at a tiny size so it cannot rot between full runs. It checks that the run does its
 * work (every intent completes, both figures are measured), never how fast: figures belong to the full run.
 */
class QueueBenchmarkIT {

    @Test
    void aSmallRunCompletesEveryIntentAndReportsBothFigures(@TempDir Path workDir) throws Exception {
        QueueBenchmark.Settings settings = new QueueBenchmark.Settings(500, 4, 4, Duration.ofMillis(300));

        QueueBenchmark.Report report = QueueBenchmark.run(settings, workDir);

        assertThat(report.queue().completed()).isEqualTo(500);
        assertThat(report.rawCommitsPerSecond()).isPositive();
        assertThat(report.queue().intentsPerSecond()).isPositive();
        assertThat(report.table()).contains("raw SQLite single-row commits/s", "queue no-op intents/s", "synchronous=FULL");
    }
}
