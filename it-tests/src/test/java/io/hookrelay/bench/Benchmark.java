package io.hookrelay.bench;

import static io.hookrelay.bench.BenchReport.mebibytes;
import static io.hookrelay.bench.BenchReport.millis;
import static io.hookrelay.bench.BenchReport.number;
import static io.hookrelay.bench.BenchReport.ratio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every figure of DESIGN §8, each beside its baseline or target, measured in one invocation on one file
 * system: the SQLite commit limit, the queue against db-scheduler, ingest over HTTP, end to end, and claim
 * cost against backlog size; then the same on PostgreSQL, the relay on one node and on three sharing one
 * database, each figure beside db-scheduler on the same server or the target. The relay runs as the packaged
 * jar in its own process; the queue and backlog sections run the library in this JVM, as an embedding program would.
 *
 * <p>Full run: {@code mvn -Pbenchmark -DskipTests verify} (see docs/benchmarks.md). {@code -Dbench.dir}
 * puts the databases on the disk you care about (default: a temporary directory); {@code -Dbench.sections=queue,ingest}
 * runs only those sections; the PostgreSQL ones run on the server the PostgreSQL tests use
 * ({@code HOOKRELAY_TEST_PG_URL}, else a container, else {@code 127.0.0.1:5432}).
 */
public final class Benchmark {
    private static final Duration PATIENCE = Duration.ofMinutes(10);
    private static final int WARMING_RUNS = 2;
    private static final int MEASURED_RUNS = 3;

    private Benchmark() {
    }

    /** Every section a run can take; a full run takes all of them, in the order {@link #run} lists them. */
    static final Set<String> SECTIONS = Set.of("queue", "ingest", "end-to-end", "backlog", "postgres-queue", "postgres-relay",
            "postgres-backlog");

    /** How many nodes of the relay share one PostgreSQL database in the {@code postgres-relay} section, one run each. */
    static final List<Integer> POSTGRES_NODES = List.of(1, 3);

    static BenchReport run(BenchSettings settings, Path workDir) throws Exception {
        return run(settings, workDir, SECTIONS);
    }

    /**
     * @param sections which of {@link #SECTIONS} to run: one at a time is how a change is profiled
     */
    static BenchReport run(BenchSettings settings, Path workDir, Set<String> sections) throws Exception {
        if (sections.isEmpty() || !SECTIONS.containsAll(sections)) {
            throw new IllegalArgumentException("benchmark sections are some of " + SECTIONS + ", not " + sections);
        }
        BenchReport report = new BenchReport();
        report.describe("run: %s, started %s, in %s", settings.name(), Instant.now(), workDir.toAbsolutePath());
        report.describe("machine: %d cores, Java %s (%s), %s; every database with journal_mode=WAL, synchronous=FULL",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        if (sections.contains("queue")) {
            sqliteAndQueue(settings, workDir, report);
        }
        if (sections.contains("ingest")) {
            ingest(settings, workDir.resolve("ingest"), report);
        }
        if (sections.contains("end-to-end")) {
            endToEnd(settings, workDir.resolve("end-to-end"), report);
        }
        if (sections.contains("backlog")) {
            backlog(settings, workDir, report);
        }
        if (sections.stream().anyMatch(section -> section.startsWith("postgres-"))) {
            describePostgres(report);
        }
        if (sections.contains("postgres-queue")) {
            postgresQueue(settings, report);
        }
        if (sections.contains("postgres-relay")) {
            for (int nodes : POSTGRES_NODES) {
                postgresRelay(settings, nodes, report);
            }
        }
        if (sections.contains("postgres-backlog")) {
            postgresBacklog(settings, report);
        }
        return report;
    }

    private static void sqliteAndQueue(BenchSettings settings, Path workDir, BenchReport report) throws Exception {
        SqliteLimit.Result limit = SqliteLimit.measure(Files.createDirectories(workDir.resolve("sqlite")), settings.sqliteEach());
        report.describe("sqlite: each figure over %d ms; batches of %d rows", settings.sqliteEach().toMillis(), SqliteLimit.BATCH_ROWS);
        report.figure("SQLite limit", "single-row commits/s", number(limit.singleRowCommitsPerSecond()), "the physical limit of one commit per call");
        report.figure("SQLite limit", SqliteLimit.BATCH_ROWS + "-row-batch rows/s", number(limit.batchedRowsPerSecond()),
                ratio(limit.batchedRowsPerSecond() / limit.singleRowCommitsPerSecond()) + " single-row commits");

        QueueThroughput.Result queue = QueueThroughput.measure(workDir.resolve("queue"), settings.queueIntents(),
                settings.producers(), settings.queueWorkers(), PATIENCE);
        double peer = DbSchedulerThroughput.measure(workDir.resolve("db-scheduler.db"), settings.queueIntents(),
                settings.producers(), settings.queueWorkers(), PATIENCE);
        report.describe("queue: %,d no-op intents, %d producers (one intent per call), %d workers; the same for db-scheduler; "
                        + "then the same number through the store alone, %d per call, from one thread",
                settings.queueIntents(), settings.producers(), settings.queueWorkers(), IntentStoreAlone.BATCH);
        report.figure("queue", "hookrelay intents/s, enqueue→complete", number(queue.intentsPerSecond()),
                "target ≥ 20,000; " + ratio(queue.intentsPerSecond() / limit.singleRowCommitsPerSecond()) + " single-row commits; "
                        + String.format("%.1f", queue.meanBatch()) + " writes per transaction");
        report.figure("queue", "db-scheduler tasks/s, schedule→complete", number(peer), "the peer on the same disk");
        report.figure("queue", "hookrelay / db-scheduler", ratio(queue.intentsPerSecond() / peer), "target ≥ 3×");

        WriterCpu.Rate alone = IntentStoreAlone.measure(workDir.resolve("store-alone"), settings.queueIntents());
        report.figure("queue", "the store alone, " + IntentStoreAlone.BATCH + " intents per call: intents/s", number(alone.perSecond()),
                writerCost(alone, "intent"));
    }

    private static void ingest(BenchSettings settings, Path dataDir, BenchReport report) throws Exception {
        report.describe("ingest: the jar with its default settings; a source with no route, so each request stores one event; "
                        + "%d-byte bodies; the relay warmed by %d ms of load, then per level %d ms warm-up and %d ms measured; "
                        + "then as many callers storing events through the event store in this JVM, no HTTP; then the top level against "
                        + "an Undertow server in this JVM that answers without doing anything, on request threads as the relay does and on "
                        + "its I/O threads, each warmed alike",
                IngestLoad.BODY.length(), settings.relayWarmup().toMillis(),
                settings.ingestWarmup().toMillis(), settings.ingestEach().toMillis());
        try (BenchRelay relay = BenchRelay.start(dataDir)) {
            warm(relay, settings);
            for (int clients : settings.ingestClients()) {
                IngestLoad.Result result = IngestLoad.run(relay.port(), "ingest", clients, settings.ingestWarmup(), settings.ingestEach());
                if (result.refused() > 0) {
                    throw new IllegalStateException(result.refused() + " ingest requests were not answered 202");
                }
                report.figure("ingest", clients + " client(s): events/s", number(result.perSecond()),
                        clients == 64 ? "target ≥ 15,000" : "");
                report.figure("ingest", clients + " client(s): ack p50 / p99",
                        millis(result.p50Millis()) + " / " + millis(result.p99Millis()), clients == 64 ? "target p99 ≤ 25 ms" : "");
            }
        }
        int clients = mostClients(settings);
        WriterCpu.Rate alone = EventStoreAlone.measure(dataDir.resolveSibling("event-store-alone"), clients, settings.ingestWarmup(),
                settings.ingestEach());
        report.figure("ingest", "the event store alone, " + clients + " callers: events/s", number(alone.perSecond()),
                writerCost(alone, "event"));
        for (BareHttp.Threading threading : BareHttp.Threading.values()) {
            try (BareHttp bare = BareHttp.start(threading)) {
                IngestLoad.warm(bare.port(), "bare", clients, settings.relayWarmup());
                IngestLoad.Result ceiling = IngestLoad.run(bare.port(), "bare", clients, settings.ingestWarmup(), settings.ingestEach());
                report.figure("ingest", clients + " client(s) against an HTTP server doing nothing, " + threading.label + ": answers/s",
                        number(ceiling.perSecond()), "what this load generator and HTTP leave room for on these cores");
            }
        }
    }

    private static String writerCost(WriterCpu.Rate rate, String write) {
        return String.format(Locale.ROOT, "%.0f µs of writer CPU per %s: one core's ceiling %s/s", rate.writerMicrosEach(), write,
                number(rate.oneCoreCeiling()));
    }

    private static int mostClients(BenchSettings settings) {
        return settings.ingestClients().stream().max(Integer::compare).orElseThrow();
    }

    private static void endToEnd(BenchSettings settings, Path dataDir, BenchReport report) throws Exception {
        int capacity = EndToEnd.events(settings.endToEndRate(), settings.endToEndWarmup(), settings.endToEndMeasured(),
                settings.endToEndBacklog());
        report.describe("end to end: the jar with its default settings, warmed by %d ms of ingest load and by %s paused backlogs of %,d "
                        + "delivered; one route to a receiver on loopback (max_in_flight %d); %d more backlogs of %,d delivered, measured; "
                        + "then %,d events/s offered for %d ms after %d ms warm-up",
                settings.relayWarmup().toMillis(), EndToEnd.WARMING_DRAINS, settings.endToEndBacklog(),
                settings.receiverMaxInFlight(), EndToEnd.MEASURED_DRAINS,
                settings.endToEndBacklog(), settings.endToEndRate(), settings.endToEndMeasured().toMillis(),
                settings.endToEndWarmup().toMillis());
        try (StampingReceiver receiver = StampingReceiver.start(capacity);
             BenchRelay relay = BenchRelay.start(dataDir)) {
            warm(relay, settings);
            delivered(relay, List.of(relay.port()), receiver, settings, "end to end", "", report);
        }
    }

    /** The end-to-end figures of nodes sharing one database, configured through {@code relay}, loaded over {@code ports}. */
    private static void delivered(BenchRelay relay, List<Integer> ports, StampingReceiver receiver, BenchSettings settings,
            String section, String nodes, BenchReport report) throws Exception {
        relay.api().post("/api/v1/sources", "{\"id\":\"e2e\"}").expect(201);
        relay.api().post("/api/v1/targets", "{\"id\":\"receiver\",\"url\":\"" + receiver.url() + "\",\"max_in_flight\":"
                + settings.receiverMaxInFlight() + "}").expect(201);
        relay.api().post("/api/v1/routes", "{\"source\":\"e2e\",\"target\":\"receiver\"}").expect(201);
        EndToEnd.Result result = EndToEnd.run(relay, ports, "e2e", "receiver", receiver, settings.endToEndRate(),
                settings.endToEndWarmup(), settings.endToEndMeasured(), settings.endToEndBacklog());
        report.figure(section, nodes + "deliveries/s, draining a backlog", number(result.medianDrain()),
                "median of " + result.drains().stream().map(BenchReport::number).collect(Collectors.joining(" / ")) + "; target ≥ 5,000");
        report.figure(section, nodes + "received→delivered p50 / p99 at " + number(result.offeredPerSecond()) + "/s",
                millis(result.p50Millis()) + " / " + millis(result.p99Millis()), "target p99 ≤ 250 ms");
        report.figure(section, nodes + "deliveries received twice", Integer.toString(result.duplicates()), "expected 0 (no crash)");
    }

    /**
     * Creates the source {@code ingest}, with no route, and loads it at the highest level the run uses; nothing
     * is measured.
     */
    private static void warm(BenchRelay relay, BenchSettings settings) throws Exception {
        relay.api().post("/api/v1/sources", "{\"id\":\"ingest\"}").expect(201);
        IngestLoad.warm(relay.port(), "ingest", mostClients(settings), settings.relayWarmup());
    }

    private static void describePostgres(BenchReport report) throws Exception {
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("about")) {
            report.describe("postgresql: server %s at %s, %s; each measurement in a database of its own, dropped after it",
                    database.serverVersion(), database.jdbcUrl().replaceFirst("/[^/]*$", ""), PostgresLimit.durability(database));
        }
    }

    private static void postgresQueue(BenchSettings settings, BenchReport report) throws Exception {
        SqliteLimit.Result limit;
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("limit")) {
            limit = PostgresLimit.measure(database, settings.sqliteEach());
        }
        report.describe("postgres queue: plain JDBC from one thread for %d ms each, one row and %d rows per commit; then the queue and "
                        + "db-scheduler as in the queue section, on the same server, one after the other, each run %d times unmeasured "
                        + "and then %d times, the median reported; then the store alone, %d intents per call, from one thread and from "
                        + "two; then those writes from the queue's callers, one intent per call, each waiting for its commit (ClosedLoopFloor), "
                        + "as the queue is measured; then the fewest writes the queue's promises need (PostgresQueueFloor) in each of the shapes %s",
                settings.sqliteEach().toMillis(), PostgresLimit.BATCH_ROWS, WARMING_RUNS, MEASURED_RUNS, IntentStoreAlone.BATCH,
                PostgresQueueFloor.SHAPES);
        report.figure("postgres queue", "plain JDBC single-row commits/s", number(limit.singleRowCommitsPerSecond()),
                "the floor of one commit per call");
        report.figure("postgres queue", "plain JDBC " + PostgresLimit.BATCH_ROWS + "-row-batch rows/s", number(limit.batchedRowsPerSecond()),
                ratio(limit.batchedRowsPerSecond() / limit.singleRowCommitsPerSecond()) + " single-row commits");
        QueueThroughput.PostgresResult queue = steady(() -> {
            try (PostgresBenchDatabase database = PostgresBenchDatabase.create("queue")) {
                return QueueThroughput.measureOnPostgres(database, settings.queueIntents(), settings.producers(), settings.queueWorkers(),
                        PATIENCE);
            }
        }, Comparator.comparingDouble(QueueThroughput.PostgresResult::intentsPerSecond));
        double peer = steady(() -> {
            try (PostgresBenchDatabase database = PostgresBenchDatabase.create("dbscheduler")) {
                return DbSchedulerThroughput.measureOnPostgres(database, settings.queueIntents(), settings.producers(),
                        settings.queueWorkers(), PATIENCE);
            }
        }, Comparator.naturalOrder());
        double alone;
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("alone")) {
            alone = IntentStoreAlone.measureOnPostgres(database, settings.queueIntents(), 1);
        }
        double aloneOnTwo;
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("alonetwo")) {
            aloneOnTwo = IntentStoreAlone.measureOnPostgres(database, settings.queueIntents(), 2);
        }
        double closedLoop = steady(() -> {
            try (PostgresBenchDatabase database = PostgresBenchDatabase.create("closedloop")) {
                return ClosedLoopFloor.measure(database, settings.queueIntents(), settings.producers());
            }
        }, Comparator.naturalOrder());
        List<PostgresQueueFloor.Result> floors = PostgresQueueFloor.measure(settings.queueIntents());
        PostgresQueueFloor.Result floor = floors.get(0);
        report.figure("postgres queue", "hookrelay intents/s, enqueue→complete", number(queue.intentsPerSecond()),
                ratio(queue.intentsPerSecond() / limit.singleRowCommitsPerSecond()) + " single-row commits; "
                        + String.format(Locale.ROOT, "%.2f", queue.transactionsPerIntent()) + " transactions per intent");
        report.figure("postgres queue", "db-scheduler tasks/s, schedule→complete", number(peer), "the peer on the same server");
        report.figure("postgres queue", "hookrelay / db-scheduler", ratio(queue.intentsPerSecond() / peer), "target ≥ 3×");
        report.figure("postgres queue", "the store alone, " + IntentStoreAlone.BATCH + " intents per call: intents/s", number(alone),
                ratio(alone / queue.intentsPerSecond()) + " the queue's");
        report.figure("postgres queue", "the store alone, the same from 2 threads: intents/s", number(aloneOnTwo),
                ratio(aloneOnTwo / peer) + " db-scheduler: the most the store's statements give here");
        report.figure("postgres queue", "the fewest writes from the queue's callers, one intent per call: intents/s",
                number(closedLoop), ratio(closedLoop / peer) + " db-scheduler, " + ratio(queue.intentsPerSecond() / closedLoop)
                        + " of it the queue's: a ceiling for these callers");
        report.figure("postgres queue", "the fewest writes the queue's promises need, plain JDBC: intents/s", number(floor.intentsPerSecond()),
                ratio(floor.intentsPerSecond() / peer) + " db-scheduler: the most any such queue gets here (callers × rows per statement: "
                        + floors.stream().map(result -> result.shape() + " " + number(result.intentsPerSecond()))
                                .collect(Collectors.joining(", ")) + ")");
    }

    /** One run of a contender, on a database of its own. */
    @FunctionalInterface
    private interface Run<T> {
        T once() throws Exception;
    }

    /**
     * A contender's steady rate: a server's JVM runs one workload for hours, while this one runs several in turn,
     * and the JIT compiler needs more than one run of a workload to settle (on this machine the queue's rate
     * still rose in its third run), so each is run {@value #WARMING_RUNS} times unmeasured before the
     * median of {@value #MEASURED_RUNS} runs is taken.
     */
    private static <T> T steady(Run<T> run, Comparator<T> byRate) throws Exception {
        for (int i = 0; i < WARMING_RUNS; i++) {
            run.once();
        }
        List<T> measured = new ArrayList<>();
        for (int i = 0; i < MEASURED_RUNS; i++) {
            measured.add(run.once());
        }
        measured.sort(byRate);
        return measured.get(MEASURED_RUNS / 2);
    }

    /**
     * Ingest, then end to end, on {@code nodes} nodes of the jar sharing one new database; the end-to-end figures
     * follow the ingest ones on the same nodes, so the ingest load is their warm-up as well.
     */
    private static void postgresRelay(BenchSettings settings, int nodes, BenchReport report) throws Exception {
        int clients = mostClients(settings);
        String label = nodes + (nodes == 1 ? " node, " : " nodes, ");
        report.describe("postgres relay on %d node(s): the jar with its default settings, each node a process of its own on one "
                        + "database, the load spread over the nodes in turn; warmed by %d ms of ingest load; ingest at %d clients as in "
                        + "the ingest section; then end to end on the same nodes as in that section",
                nodes, settings.relayWarmup().toMillis(), clients);
        int capacity = EndToEnd.events(settings.endToEndRate(), settings.endToEndWarmup(), settings.endToEndMeasured(),
                settings.endToEndBacklog());
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("relay" + nodes);
             BenchNodes cluster = BenchNodes.start(database, nodes);
             StampingReceiver receiver = StampingReceiver.start(capacity)) {
            cluster.first().api().post("/api/v1/sources", "{\"id\":\"ingest\"}").expect(201);
            IngestLoad.warm(cluster.ports(), "ingest", clients, settings.relayWarmup());
            IngestLoad.Result result = IngestLoad.run(cluster.ports(), "ingest", clients, settings.ingestWarmup(), settings.ingestEach());
            if (result.refused() > 0) {
                throw new IllegalStateException(result.refused() + " ingest requests were not answered 202");
            }
            report.figure("postgres ingest", label + clients + " client(s): events/s", number(result.perSecond()), "target ≥ 15,000");
            report.figure("postgres ingest", label + clients + " client(s): ack p50 / p99",
                    millis(result.p50Millis()) + " / " + millis(result.p99Millis()), "target p99 ≤ 25 ms");
            delivered(cluster.first(), cluster.ports(), receiver, settings, "postgres end to end", label, report);
        }
    }

    private static void postgresBacklog(BenchSettings settings, BenchReport report) throws Exception {
        report.describe("postgres backlog: %,d claims in batches of %d from %,d and from %,d due intents, each backlog in a database of "
                        + "its own, vacuumed and analysed once filled; one store in this JVM, warmed by the small backlog once unmeasured",
                settings.claimed(), settings.claimBatch(), settings.smallBacklog(), settings.largeBacklog());
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("backlog_warm")) {
            Backlog.measureOnPostgres(database, settings.smallBacklog(), settings.claimed(), settings.claimBatch());
        }
        Backlog.Result small;
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("backlog_small")) {
            small = Backlog.measureOnPostgres(database, settings.smallBacklog(), settings.claimed(), settings.claimBatch());
        }
        Backlog.Result large;
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("backlog_large")) {
            large = Backlog.measureOnPostgres(database, settings.largeBacklog(), settings.claimed(), settings.claimBatch());
        }
        report.figure("postgres backlog", "claims/s with " + number(small.pending()) + " pending", number(small.claimsPerSecond()), "");
        report.figure("postgres backlog", "claims/s with " + number(large.pending()) + " pending", number(large.claimsPerSecond()),
                "cost " + ratio(small.claimsPerSecond() / large.claimsPerSecond()) + " the small backlog's; target ≤ 1.5×");
    }

    private static void backlog(BenchSettings settings, Path workDir, BenchReport report) throws Exception {
        report.describe("backlog: %,d claims in batches of %d from %,d and from %,d due intents, then from %,d new ones with the large "
                        + "backlog paused ahead of them; one store in this JVM",
                settings.claimed(), settings.claimBatch(), settings.smallBacklog(), settings.largeBacklog(), settings.claimed());
        Backlog.Result small = Backlog.measure(workDir.resolve("backlog-small"), settings.smallBacklog(), settings.claimed(), settings.claimBatch());
        Backlog.Result large = Backlog.measure(workDir.resolve("backlog-large"), settings.largeBacklog(), settings.claimed(), settings.claimBatch());
        Backlog.BehindPaused behindPaused = Backlog.measureBehindPaused(workDir.resolve("backlog-large"), settings.claimed(),
                settings.claimBatch());
        Backlog.Memory memory = Backlog.memory();
        report.figure("backlog", "claims/s with " + number(small.pending()) + " pending", number(small.claimsPerSecond()), "");
        report.figure("backlog", "claims/s with " + number(large.pending()) + " pending", number(large.claimsPerSecond()),
                "cost " + ratio(small.claimsPerSecond() / large.claimsPerSecond()) + " the small backlog's; target ≤ 1.5×");
        report.figure("backlog", "claims/s with " + number(behindPaused.held()) + " paused ahead",
                number(behindPaused.claimsPerSecond()), "cost " + ratio(small.claimsPerSecond() / behindPaused.claimsPerSecond())
                        + " the small backlog's; pausing them took " + millis(behindPaused.pausing().toNanos() / 1e6)
                        + ", and kept another write waiting at most " + millis(behindPaused.longestWriteWhilePausing().toNanos() / 1e6));
        report.figure("backlog", "heap after GC / RSS, with " + number(large.pending()) + " pending",
                mebibytes(memory.heapUsedAfterGcBytes()) + " / " + mebibytes(memory.residentBytes()), "target heap ≤ 512 MiB");
    }

    public static void main(String[] args) throws Exception {
        String dir = System.getProperty("bench.dir");
        // A fresh directory per run, also under -Dbench.dir: a rerun must not find the last run's relays and files.
        Path workDir = dir == null ? Files.createTempDirectory("hookrelay-bench")
                : Files.createTempDirectory(Files.createDirectories(Path.of(dir)), "run-");
        String only = System.getProperty("bench.sections");
        Set<String> sections = only == null ? SECTIONS : Set.of(only.split(","));
        System.out.println(run(BenchSettings.fromSystemProperties(), workDir, sections).table());
    }
}
