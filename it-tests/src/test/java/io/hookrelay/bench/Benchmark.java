package io.hookrelay.bench;

import static io.hookrelay.bench.BenchReport.mebibytes;
import static io.hookrelay.bench.BenchReport.millis;
import static io.hookrelay.bench.BenchReport.number;
import static io.hookrelay.bench.BenchReport.ratio;

import io.hookrelay.it.support.ApiClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Every figure of DESIGN §8, each beside its baseline or target, measured in one invocation on one file
 * system: the SQLite commit limit, the queue against db-scheduler, ingest over HTTP against a server that does
 * nothing, end to end sustained, claim cost against backlog size, and the relay's figures with many tenants beside one
 * tenant's; then the same on PostgreSQL, the relay on one node and on three sharing one database, each figure beside
 * db-scheduler on the same server or the target. The relay
 * runs as the packaged jar in its own process and its HTTP load comes from {@link Wrk}; the queue and backlog sections
 * run the library in this JVM, as an embedding program would.
 *
 * <p>Full run: {@code mvn -Pbenchmark -DskipTests verify} (see docs/benchmarks.md). {@code -Dbench.dir}
 * puts the databases on the disk you care about (default: a temporary directory); {@code -Dbench.sections=ingest,sustained}
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
    static final Set<String> SECTIONS = Set.of("queue", "ingest", "sustained", "backlog", "tenants", "postgres-queue",
            "postgres-relay", "postgres-backlog", "postgres-tenants");

    /** How many nodes of the relay share one PostgreSQL database in the {@code postgres-relay} section, one run each. */
    static final List<Integer> POSTGRES_NODES = List.of(1, 3);
    /** The tenant the many are compared with. */
    private static final String ONE_TENANT = "one";
    /** Requests at once while the tenants are made, so their writes may share commits rather than wait for one each. */
    private static final int SETUP_THREADS = 8;

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
        report.describe("machine: %d cores, Java %s (%s), %s; every database with journal_mode=WAL, synchronous=FULL; HTTP load from %s",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), System.getProperty("os.name") + " " + System.getProperty("os.arch"), Wrk.version());
        if (sections.contains("queue")) {
            timed("queue", report, () -> sqliteAndQueue(settings, workDir, report));
        }
        if (sections.contains("ingest")) {
            timed("ingest", report, () -> ingest(settings, workDir.resolve("ingest"), report));
        }
        if (sections.contains("sustained")) {
            timed("sustained", report, () -> sustained(settings, workDir.resolve("sustained"), report));
        }
        if (sections.contains("backlog")) {
            timed("backlog", report, () -> backlog(settings, workDir, report));
        }
        if (sections.contains("tenants")) {
            timed("tenants", report, () -> {
                try (BenchRelay relay = BenchRelay.start(workDir.resolve("tenants"))) {
                    tenants(settings, "tenants", relay, List.of(relay.port()), report);
                }
            });
        }
        if (sections.stream().anyMatch(section -> section.startsWith("postgres-"))) {
            describePostgres(report);
        }
        if (sections.contains("postgres-queue")) {
            timed("postgres-queue", report, () -> postgresQueue(settings, report));
        }
        if (sections.contains("postgres-relay")) {
            timed("postgres-relay", report, () -> {
                for (int nodes : POSTGRES_NODES) {
                    postgresRelay(settings.onPostgres(), nodes, report);
                }
            });
        }
        if (sections.contains("postgres-backlog")) {
            timed("postgres-backlog", report, () -> postgresBacklog(settings, report));
        }
        if (sections.contains("postgres-tenants")) {
            timed("postgres-tenants", report, () -> {
                try (PostgresBenchDatabase database = PostgresBenchDatabase.create("tenants");
                     BenchNodes node = BenchNodes.start(database, 1)) {
                    tenants(settings.onPostgres(), "postgres tenants", node.first(), node.ports(), report);
                }
            });
        }
        return report;
    }

    @FunctionalInterface
    private interface Section {
        void run() throws Exception;
    }

    /** Runs one section and notes how long it took: a full run's length is the sum, and each is chosen by its name. */
    private static void timed(String name, BenchReport report, Section section) throws Exception {
        long started = System.nanoTime();
        section.run();
        report.describe("%s took %d s", name, Duration.ofNanos(System.nanoTime() - started).toSeconds());
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
        int clients = settings.mostClients();
        report.describe("ingest: the jar with its default settings; a source with no route, so each request stores one event; "
                        + "%d-byte bodies from wrk's connections, each sending again when answered; the relay warmed by %d s of load at %d "
                        + "connections, then at each level %d runs of %d s, the faster reported; then as many callers storing events "
                        + "through the event store in this JVM, no HTTP, for %d s after as long unmeasured; then %d connections against a "
                        + "server on the relay's HTTP stack that answers 202 and does nothing else (a JVM of its own), warmed and measured "
                        + "as the relay was",
                IngestLoad.BODY.length(), settings.relayWarmup().toSeconds(), clients, IngestLoad.RUNS, settings.ingestEach().toSeconds(),
                settings.ingestEach().toSeconds(), clients);
        Wrk.Run relayTop = null;
        try (BenchRelay relay = BenchRelay.start(dataDir)) {
            relay.api().post("/api/v1/sources", "{\"id\":\"ingest\"}").expect(201);
            List<Integer> ports = List.of(relay.port());
            IngestLoad.warm(ports, List.of(Sustained.UNROUTED), clients, settings.relayWarmup());
            for (int connections : settings.ingestClients()) {
                IngestLoad.Runs runs = IngestLoad.measure(ports, List.of(Sustained.UNROUTED), connections, settings.ingestEach());
                ingestRows("ingest", "", runs, connections == clients, report);
                if (connections == clients) {
                    relayTop = runs.fastest();
                }
            }
        }
        WriterCpu.Rate alone = EventStoreAlone.measure(dataDir.resolveSibling("event-store-alone"), clients, settings.ingestEach(),
                settings.ingestEach());
        report.figure("ingest", "the event store alone, " + clients + " callers: events/s", number(alone.perSecond()),
                writerCost(alone, "event"));
        try (BareHttp bare = BareHttp.start()) {
            List<Integer> ports = List.of(bare.port());
            IngestLoad.warm(ports, List.of(Sustained.UNROUTED), clients, settings.relayWarmup());
            IngestLoad.Runs runs = IngestLoad.measure(ports, List.of(Sustained.UNROUTED), clients, settings.ingestEach());
            Wrk.Run ceiling = runs.fastest();
            String level = "do-nothing server, " + ceiling.connections() + " connection(s)";
            report.figure("ingest", level + ": answers/s", number(ceiling.perSecond()), "runs " + runs.rates() + "; " + busy(ceiling));
            report.figure("ingest", level + ": p50 / p99", millis(ceiling.p50Millis()) + " / " + millis(ceiling.p99Millis()),
                    "of the faster run");
            report.figure("ingest", "relay / do-nothing server, " + ceiling.connections() + " connection(s)",
                    ratio(relayTop.perSecond() / ceiling.perSecond()), "the faster run of each; target ≥ 0.35× (DESIGN §8: 0.5×)");
        }
    }

    /** The faster of {@code runs} against the relay, and its latency; {@code top}: the level the targets are for. */
    private static void ingestRows(String section, String nodes, IngestLoad.Runs runs, boolean top, BenchReport report) {
        Wrk.Run fastest = runs.fastest();
        String level = nodes + fastest.connections() + " connection(s)";
        report.figure(section, level + ": events/s", number(fastest.perSecond()), "runs " + runs.rates() + "; " + busy(fastest));
        report.figure(section, level + ": ack p50 / p99", millis(fastest.p50Millis()) + " / " + millis(fastest.p99Millis()),
                top ? "of the faster run; target p99 ≤ 25 ms" : "of the faster run");
    }

    private static String busy(Wrk.Run run) {
        return String.format(Locale.ROOT, "cores %.0f%% busy", 100 * run.coresBusy());
    }

    private static String writerCost(WriterCpu.Rate rate, String write) {
        return String.format(Locale.ROOT, "%.0f µs of writer CPU per %s: one core's ceiling %s/s", rate.writerMicrosEach(), write,
                number(rate.oneCoreCeiling()));
    }

    private static void sustained(BenchSettings settings, Path dataDir, BenchReport report) throws Exception {
        report.describe("sustained: the jar with its default settings; one route to a receiver on loopback that answers 200 at once "
                        + "(max_in_flight %d); webhooks of the ingest section's body, numbered, offered at a fixed rate by wrk's paced "
                        + "connections (%d); warmed by %d s at %,d/s, then steps of %d s from %,d/s up by %,d/s until one does not keep "
                        + "pace (accepted within 2%% of offered and delivered within 2%% of accepted, by the step's end), each after the "
                        + "last was delivered; then, from the highest rate kept down by the same step, %,d more events stored as fast as "
                        + "%d connections get them acknowledged, through a source with no route, and at once one step, until one keeps "
                        + "pace or the rate is below two thirds of the highest",
                settings.receiverMaxInFlight(), settings.pacedConnections(), settings.pacedWarmup().toSeconds(), settings.warmingRate(),
                settings.stepEach().toSeconds(), settings.firstRate(), settings.rateStep(), settings.storedBefore(),
                settings.mostClients());
        int relayHighest;
        try (StampingReceiver receiver = StampingReceiver.start();
             BenchRelay relay = BenchRelay.start(dataDir)) {
            routeToReceiver(relay.api(), receiver, settings);
            Sustained.Result result = Sustained.measure(List.of(relay.port()), List.of(Sustained.ROUTED), receiver, settings, true);
            sustainedRows("sustained", "", result, settings, report);
            relayHighest = result.highest().map(Sustained.Step::offered).orElse(0);
        }
        sustainedCeiling(settings, relayHighest, report);
    }

    /**
     * The same steps against the do-nothing server forwarding each webhook with the relay's signing and sender
     * ({@link Forwarder}): what HTTP in, HTTP out, the receiver and wrk leave room for on these cores.
     */
    private static void sustainedCeiling(BenchSettings settings, int relayHighest, BenchReport report) throws Exception {
        report.describe("sustained ceiling: the do-nothing server of the ingest section, each webhook after its answer signed and "
                + "sent on by the relay's JDK HttpClient sender, at most %d at once, nothing stored; warmed and stepped as the "
                + "relay was, with a receiver of its own", settings.receiverMaxInFlight());
        try (StampingReceiver receiver = StampingReceiver.start();
             BareHttp forwarder = BareHttp.forwarding(receiver.url(), settings.receiverMaxInFlight())) {
            Sustained.Result result = Sustained.measure(List.of(forwarder.port()), List.of(Sustained.ROUTED), receiver, settings, false);
            for (Sustained.Step step : result.ladder()) {
                stepRow("sustained ceiling", "offered " + number(step.offered()) + "/s", step, report);
            }
            int highest = result.highest().map(Sustained.Step::offered).orElse(0);
            report.figure("sustained ceiling", "highest offered rate kept, after warm-up", number(highest) + "/s",
                    highest == 0 ? "" : "the relay's " + number(relayHighest) + "/s is " + ratio((double) relayHighest / highest));
        }
    }

    /** The sources {@code e2e}, routed to {@code receiver}, and {@code ingest}, with no route. */
    private static void routeToReceiver(ApiClient api, StampingReceiver receiver, BenchSettings settings) {
        api.post("/api/v1/sources", "{\"id\":\"e2e\"}").expect(201);
        api.post("/api/v1/sources", "{\"id\":\"ingest\"}").expect(201);
        api.post("/api/v1/targets", "{\"id\":\"receiver\",\"url\":\"" + receiver.url() + "\",\"max_in_flight\":"
                + settings.receiverMaxInFlight() + "}").expect(201);
        api.post("/api/v1/routes", "{\"source\":\"e2e\",\"target\":\"receiver\"}").expect(201);
    }

    private static void sustainedRows(String section, String nodes, Sustained.Result result, BenchSettings settings,
            BenchReport report) {
        for (Sustained.Step step : result.ladder()) {
            stepRow(section, nodes + "offered " + number(step.offered()) + "/s", step, report);
        }
        Sustained.Step first = result.ladder().get(0);
        report.figure(section, nodes + "received→delivered p50 / p99 at " + number(first.offered()) + "/s",
                millis(first.delivered().p50Millis()) + " / " + millis(first.delivered().p99Millis()), "target p99 ≤ 250 ms at 1,000/s");
        int highest = result.highest().map(Sustained.Step::offered).orElse(0);
        report.figure(section, nodes + "highest offered rate kept, after warm-up", number(highest) + "/s", "target ≥ 5,000/s");
        if (result.afterStored().isEmpty()) {
            report.figure(section, nodes + "deliveries received twice", Integer.toString(result.duplicates()), "expected 0 (no crash)");
            return;
        }
        String firstSeconds = "first " + settings.stepEach().toSeconds() + " s after ";
        for (Sustained.AfterStored after : result.afterStored()) {
            stepRow(section, nodes + firstSeconds + number(after.stored()) + " events stored, offered " + number(after.step().offered())
                    + "/s", after.step(), report);
        }
        int afterStored = result.highestAfterStored().map(Sustained.Step::offered).orElse(0);
        report.figure(section, nodes + "highest offered rate kept in the " + firstSeconds + number(settings.storedBefore())
                + " events stored", number(afterStored) + "/s",
                (highest == 0 ? "" : ratio((double) afterStored / highest) + " the highest after warm-up; ") + "target ≥ 0.67×");
        report.figure(section, nodes + "deliveries received twice", Integer.toString(result.duplicates()), "expected 0 (no crash)");
    }

    private static void stepRow(String section, String name, Sustained.Step step, BenchReport report) {
        Wrk.Run run = step.run();
        String pace = step.keptPace() ? "kept pace" : String.format(Locale.ROOT, "fell behind: accepted %.1f%% of offered (%d refused, "
                + "%d unanswered), delivered %.1f%% of accepted", 100 * run.answered() / (step.offered() * run.seconds()), run.refused(),
                run.failed(), 100.0 * step.delivered().count() / Math.max(1, run.answered()));
        report.figure(section, name + ": accepted / delivered per s", number(run.perSecond()) + " / " + number(step.deliveredPerSecond()),
                pace + "; received→delivered p50 / p99 " + millis(step.delivered().p50Millis()) + " / "
                        + millis(step.delivered().p99Millis()) + "; ack p99 " + millis(run.p99Millis()) + "; " + busy(run)
                        + String.format(Locale.ROOT, "; wrk's %d connections %.0f%% in use", run.connections(), 100 * run.connectionsInUse()));
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
     * Ingest, then sustained, on {@code nodes} nodes of the jar sharing one new database; the sustained figures follow
     * the ingest ones on the same nodes, so the ingest load warms them as well.
     */
    private static void postgresRelay(BenchSettings settings, int nodes, BenchReport report) throws Exception {
        int clients = settings.mostClients();
        String label = nodes + (nodes == 1 ? " node, " : " nodes, ");
        report.describe("postgres relay on %d node(s): the jar with its default settings, each node a process of its own on one "
                        + "database, wrk's threads spread over the nodes; ingest at %d connections (rounded down to a multiple of the "
                        + "threads) as in the ingest section; then sustained on the same nodes as in that section, without the steps "
                        + "after a large write",
                nodes, clients);
        try (PostgresBenchDatabase database = PostgresBenchDatabase.create("relay" + nodes);
             BenchNodes cluster = BenchNodes.start(database, nodes);
             StampingReceiver receiver = StampingReceiver.start()) {
            routeToReceiver(cluster.first().api(), receiver, settings);
            IngestLoad.warm(cluster.ports(), List.of(Sustained.UNROUTED), clients, settings.relayWarmup());
            ingestRows("postgres ingest", label, IngestLoad.measure(cluster.ports(), List.of(Sustained.UNROUTED), clients,
                    settings.ingestEach()), true, report);
            sustainedRows("postgres sustained", label, Sustained.measure(cluster.ports(), List.of(Sustained.ROUTED), receiver, settings,
                    false), settings, report);
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

    /**
     * The relay with {@link BenchSettings#tenants()} tenants and one more, on the nodes on {@code ports}: ingest and
     * sustained through the one tenant's sources and then with the same load shared out over the many, in the same
     * run, so the ratio is of the tenants alone; then DESIGN §8's tenant row ({@link FreshBesideBacklog}) on the same
     * nodes, two of the many being its tenants.
     */
    private static void tenants(BenchSettings settings, String section, BenchRelay relay, List<Integer> ports, BenchReport report)
            throws Exception {
        int clients = settings.mostClients();
        String many = number(settings.tenants()) + " tenants, ";
        report.describe("%s: %,d tenants and one more made through the API, %d at a time, each with the sources, target and route of "
                        + "the sustained section (the %,d at one receiver, the one at another); ingest at %d connections as in the "
                        + "ingest section, warmed across the %,d, measured through the one tenant's source and then across the %,d, "
                        + "each request to the next tenant's source in turn; then sustained as in that section, without the steps "
                        + "after a large write, the one tenant first; then one of the %,d stores at least %,d deliveries for %d "
                        + "targets that never answer (default settings: 10 in flight each, 15 s timeout) as fast as %d connections "
                        + "get them acknowledged, and at once another is offered %d webhooks/s for %d s",
                section, settings.tenants(), SETUP_THREADS, settings.tenants(), clients, settings.tenants(), settings.tenants(),
                settings.tenants(), settings.tenantBacklog(), FreshBesideBacklog.SLOW_TARGETS, clients, settings.freshRate(),
                settings.freshEach().toSeconds());
        List<String> tenants = IntStream.range(0, settings.tenants()).mapToObj(i -> String.format(Locale.ROOT, "t%04d", i)).toList();
        try (StampingReceiver alone = StampingReceiver.start();
             StampingReceiver shared = StampingReceiver.start()) {
            ApiClient operator = relay.api();
            long started = System.nanoTime();
            Concurrently.shareOut(tenants.size() + 1, SETUP_THREADS, i -> {
                String tenant = i < tenants.size() ? tenants.get(i) : ONE_TENANT;
                operator.post("/api/v1/tenants", "{\"id\":\"" + tenant + "\"}").expect(201);
                routeToReceiver(operator.inTenant(tenant), i < tenants.size() ? shared : alone, settings);
            });
            report.figure(section, "making " + number(tenants.size() + 1) + " tenants, 5 calls each",
                    String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - started) / 1e9), "");

            IngestLoad.warm(ports, hooks(tenants, "ingest"), clients, settings.relayWarmup());
            IngestLoad.Runs one = IngestLoad.measure(ports, Collections.nCopies(tenants.size(), hook(ONE_TENANT, "ingest")), clients,
                    settings.ingestEach());
            IngestLoad.Runs spread = IngestLoad.measure(ports, hooks(tenants, "ingest"), clients, settings.ingestEach());
            ingestRows(section, "one tenant, ", one, true, report);
            ingestRows(section, many, spread, true, report);
            report.figure(section, many + "ingest / one tenant's", ratio(spread.fastest().perSecond() / one.fastest().perSecond()),
                    "the faster run of each; target ≥ 0.9×");

            Sustained.Result oneSustained = Sustained.measure(ports, List.of(hook(ONE_TENANT, "e2e")), alone, settings, false);
            Sustained.Result spreadSustained = Sustained.measure(ports, hooks(tenants, "e2e"), shared, settings, false);
            sustainedRows(section, "one tenant, ", oneSustained, settings, report);
            sustainedRows(section, many, spreadSustained, settings, report);
            int oneHighest = oneSustained.highest().map(Sustained.Step::offered).orElse(0);
            int spreadHighest = spreadSustained.highest().map(Sustained.Step::offered).orElse(0);
            report.figure(section, many + "highest offered rate kept / one tenant's",
                    oneHighest == 0 ? "none kept" : ratio((double) spreadHighest / oneHighest),
                    "in steps of " + number(settings.rateStep()) + "/s; target ≥ 0.9×");
        }
        FreshBesideBacklog.Result fair = FreshBesideBacklog.measure(relay, ports, tenants.get(0), tenants.get(1), settings);
        report.figure(section, "another tenant's backlog: deliveries stored / still pending after",
                number(fair.backlog()) + " / " + number(fair.pendingAfter()), "the pending count stops at 100,000");
        report.figure(section, "fresh webhooks beside it: received→delivered p50 / p99",
                millis(fair.delivered().p50Millis()) + " / " + millis(fair.delivered().p99Millis()),
                "target p99 ≤ 250 ms (DESIGN §8); " + number(fair.delivered().count()) + " delivered, ack p99 "
                        + millis(fair.fresh().p99Millis()) + "; " + busy(fair.fresh()));
    }

    /** Each tenant's ingest path for its source {@code source}. */
    private static List<String> hooks(List<String> tenants, String source) {
        return tenants.stream().map(tenant -> hook(tenant, source)).toList();
    }

    private static String hook(String tenant, String source) {
        return "/hooks/" + tenant + "/" + source;
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
