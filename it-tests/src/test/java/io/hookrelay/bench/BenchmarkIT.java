package io.hookrelay.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark at its smoke size, so every section keeps working between full runs. Each section fails on
 * its own when work goes missing (an intent not completed, a request not answered 202, an accepted webhook not
 * delivered); this checks that all of them ran and reported. Its HTTP load needs {@code wrk} on the path. How fast is for the full run, never a test. The
 * timeouts only bound a hang: the PostgreSQL sections alone start five relay processes.
 */
@TimingSensitive
class BenchmarkIT {

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void everySqliteSectionRunsAndReports(@TempDir Path workDir) throws Exception {
        String table = Benchmark.run(BenchSettings.smoke(), workDir, Set.of("queue", "ingest", "sustained", "backlog", "tenants"))
                .table();

        assertThat(table).contains("synchronous=FULL", "HTTP load from wrk", "| SQLite limit | single-row commits/s |",
                "| queue | hookrelay / db-scheduler |", "| queue | the store alone, 500 intents per call: intents/s |",
                "| ingest | 1 connection(s): events/s |", "| ingest | 4 connection(s): ack p50 / p99 |",
                "| ingest | the event store alone, 4 callers: events/s |", "| ingest | do-nothing server, 4 connection(s): answers/s |",
                "| ingest | relay / do-nothing server, 4 connection(s) |", "| sustained | offered 100/s: accepted / delivered per s |",
                "| sustained | highest offered rate kept, after warm-up |", "| sustained | first 1 s after ",
                "| sustained | highest offered rate kept in the first 1 s after 1,000 events stored |",
                "| sustained | deliveries received twice | 0 |", "| sustained ceiling | highest offered rate kept, after warm-up |",
                "| backlog | claims/s with 2,000 pending |",
                "| backlog | heap after GC / RSS", "paused ahead", "| tenants | 3 tenants, 4 connection(s): events/s |",
                "| tenants | 3 tenants, ingest / one tenant's |", "| tenants | 3 tenants, highest offered rate kept / one tenant's |",
                "| tenants | fresh webhooks beside it: received→delivered p50 / p99 |");
        assertThat(table).doesNotContain("NaN", "Infinity");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void everyPostgresSectionRunsAndReports(@TempDir Path workDir) throws Exception {
        String table = Benchmark.run(BenchSettings.smoke(), workDir, Set.of("postgres-queue", "postgres-relay", "postgres-backlog",
                        "postgres-tenants"))
                .table();

        assertThat(table).contains("synchronous_commit=", "| postgres queue | plain JDBC single-row commits/s |",
                "| postgres queue | hookrelay / db-scheduler |", "| postgres queue | the store alone, 500 intents per call: intents/s |",
                "| postgres ingest | 1 node, 4 connection(s): events/s |", "| postgres ingest | 3 nodes, 3 connection(s): events/s |",
                "| postgres sustained | 3 nodes, offered 100/s: accepted / delivered per s |",
                "| postgres sustained | 3 nodes, highest offered rate kept, after warm-up |",
                "| postgres sustained | 3 nodes, deliveries received twice | 0 |",
                "| postgres backlog | claims/s with 2,000 pending |", "| postgres tenants | 3 tenants, ingest / one tenant's |",
                "| postgres tenants | 3 tenants, highest offered rate kept / one tenant's |",
                "| postgres tenants | fresh webhooks beside it: received→delivered p50 / p99 |");
        assertThat(table).doesNotContain("NaN", "Infinity");
    }
}
