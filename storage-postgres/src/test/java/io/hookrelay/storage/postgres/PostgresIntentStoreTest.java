package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What only PostgreSQL's store must show: several nodes on one database, its failures, its notices, its plan. */
class PostgresIntentStoreTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Duration LEASE = Duration.ofMinutes(5);
    /** How long a notice may take to reach another node: DESIGN's bound for pauses and wake-ups. */
    private static final Duration NOTICE = Duration.ofSeconds(1);
    private static final Duration RECOVERY = Duration.ofSeconds(30);

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private final List<AutoCloseable> opened = new ArrayList<>();

    @AfterEach
    void closeNodes() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    /** A store with a pool of its own, as another process on the same database would have. */
    private PostgresIntentStore node(PostgresSettings settings) {
        PostgresDatabase database = PostgresDatabase.open(settings, Clock.fixed(NOW, ZoneOffset.UTC));
        opened.add(database);
        PostgresIntentStore store = new PostgresIntentStore(database);
        opened.add(store);
        return store;
    }

    private static List<NewIntent> intents(int count, String target) {
        return IntStream.range(0, count).mapToObj(i -> NewIntent.of("job", "evt_" + i, target, "p")).toList();
    }

    @Test
    void concurrentClaimersOnSeveralNodesNeverTakeOneIntentTwice() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        List<PostgresIntentStore> nodes = List.of(node(settings), node(settings), node(settings));
        int total = 3_000;
        nodes.get(0).enqueueAll(intents(total, "target-a"), NOW);

        Map<String, Integer> timesClaimed = new ConcurrentHashMap<>();
        ExecutorService claimers = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                PostgresIntentStore store = nodes.get(i % nodes.size());
                running.add(claimers.submit(() -> {
                    List<Intent> claimed = store.claim(NOW, LEASE, 7);
                    while (!claimed.isEmpty()) {
                        claimed.forEach(intent -> timesClaimed.merge(intent.id(), 1, Integer::sum));
                        claimed = store.claim(NOW, LEASE, 7);
                    }
                    return null;
                }));
            }
            for (Future<?> claimer : running) {
                claimer.get();
            }
        } finally {
            claimers.shutdownNow();
        }

        assertThat(timesClaimed).hasSize(total);
        assertThat(timesClaimed.values()).containsOnly(1);
    }

    @Test
    void aNoticeFromOneNodeReachesTheListenersOfAnotherWithinASecond() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        PostgresIntentStore sender = node(settings);
        PostgresIntentStore receiver = node(settings);
        RecordingListener senderHears = new RecordingListener();
        RecordingListener receiverHears = new RecordingListener();
        sender.addListener(senderHears);
        receiver.addListener(receiverHears);
        awaitListening(sender, receiverHears);

        sender.enqueue(NewIntent.of("job", "evt_1", "target-a", "p"), NOW);
        Await.until("the other node hears of the new work", NOTICE, () -> receiverHears.hasHeard("work available"));

        ClaimRef claim = sender.claim(NOW, LEASE, 1).get(0).requireClaim();
        sender.cancel(claim.intentId(), NOW);
        Await.until("the other node hears the claim was revoked", NOTICE,
                () -> receiverHears.hasHeard("revoked " + claim.intentId() + " " + claim.token()));

        sender.pause("job", "target b/é");
        Await.until("the other node hears of the pause", NOTICE, () -> receiverHears.hasHeard("paused job target b/é"));

        assertThat(senderHears.heard()).as("a store's own calls are told by its queue, not by its notices").isEmpty();
    }

    @Test
    void writesInACallersTransactionAreToldAfterTheCommitAndNeverAfterARollback() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        PostgresIntentStore store = node(settings);
        RecordingListener listener = new RecordingListener();
        store.addListener(listener);

        assertThatThrownBy(() -> store.inTransaction("enqueue then fail", (handle, writes) -> {
            writes.enqueueAll(List.of(NewIntent.of("job", "evt_1", "target-a", "p")), NOW);
            throw new IllegalStateException("the caller's own write failed");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(store.find(NewIntent.defaultId("job", "evt_1", "target-a"))).isEmpty();
        assertThat(listener.heard()).isEmpty();

        int rows = store.inTransaction("enqueue with a row of the caller's", (handle, writes) -> {
            writes.enqueueAll(List.of(NewIntent.of("job", "evt_2", "target-a", "p")), NOW);
            return handle.createQuery("SELECT count(*) FROM intents").mapTo(Integer.class).one();
        });
        assertThat(rows).isEqualTo(1);
        assertThat(listener.heard()).containsExactly("work available");
    }

    @Test
    void terminatedConnectionsFailCallsAsTransientAndTheSameStoreWorksAgainAfterwards() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        PostgresIntentStore store = node(settings);
        PostgresIntentStore other = node(settings);
        RecordingListener listener = new RecordingListener();
        store.addListener(listener);
        awaitListening(other, listener);

        AtomicBoolean working = new AtomicBoolean(true);
        AtomicInteger transientFailures = new AtomicInteger();
        List<Throwable> otherFailures = new ArrayList<>();
        ExecutorService worker = Executors.newSingleThreadExecutor();
        Future<?> work = worker.submit(() -> {
            int event = 0;
            while (working.get()) {
                try {
                    store.enqueue(NewIntent.of("job", "evt_" + event++, "target-a", "p"), NOW);
                    for (Intent intent : store.claim(NOW, LEASE, 4)) {
                        store.complete(intent.requireClaim(), NOW);
                    }
                } catch (TransientStoreException e) {
                    transientFailures.incrementAndGet();
                } catch (RuntimeException e) {
                    synchronized (otherFailures) {
                        otherFailures.add(e);
                    }
                }
            }
        });
        try {
            for (int i = 0; i < 3; i++) {
                terminateOtherBackends();
                Thread.sleep(100);
            }
        } finally {
            working.set(false);
            work.get();
            worker.shutdownNow();
        }

        assertThat(otherFailures).isEmpty();
        assertThat(transientFailures).as("the terminations were felt").hasPositiveValue();
        String id = NewIntent.defaultId("job", "evt_after", "target-a");
        Await.until("the same store writes again", RECOVERY, () -> {
            try {
                store.enqueue(NewIntent.of("job", "evt_after", "target-a", "p"), NOW);
                return true;
            } catch (TransientStoreException e) {
                return false;
            }
        });
        assertThat(store.claim(NOW, LEASE, 100)).extracting(Intent::id).contains(id);
        Await.until("the other node works again", RECOVERY, () -> {
            try {
                other.find(id);
                return true;
            } catch (TransientStoreException e) {
                return false;
            }
        });
        awaitListening(other, listener);
    }

    @Test
    void theClaimReadsDueRowsThroughItsIndexAndNeverWalksAPausedBacklog() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        PostgresIntentStore store = node(settings);
        store.pause("job", "paused-target");
        String schema = settings.jdbcUrl().substring(settings.jdbcUrl().indexOf("currentSchema=") + "currentSchema=".length());
        postgres.execute("""
                INSERT INTO %1$s.intents (id, kind, event_id, target)
                SELECT 'held_' || n, 'job', 'evt_' || n, 'paused-target' FROM generate_series(1, 100000) AS n;
                INSERT INTO %1$s.intent_states (seq, id, kind, event_id, target, payload, state, attempts, next_at,
                                                created_at, updated_at, last_error, claim_token, claim_until, held)
                SELECT seq, id, kind, event_id, target, 'p', 'pending', 0, 0, 0, 0, '', '', 0, true FROM %1$s.intents;
                ANALYZE %1$s.intents;
                ANALYZE %1$s.intent_states;
                """.formatted(schema));
        store.enqueueAll(intents(10, "free-target"), NOW.minusSeconds(1));

        String claim = ClaimDao.class.getMethod("claim", long.class, long.class, int.class, String.class)
                .getAnnotation(SqlQuery.class).value()
                .replace(":now", Long.toString(NOW.toEpochMilli()))
                .replace(":why", "'abandoned'")
                .replace(":claimUntil", Long.toString(NOW.plus(LEASE).toEpochMilli()))
                .replace(":max", "5");
        List<String> plan = explainAnalyzedAndRolledBack(settings, claim);

        String shown = String.join("\n", plan);
        assertThat(shown).contains("Index Scan using intents_due on intent_states").doesNotContain("Seq Scan on intent_states");
        assertThat(plan).filteredOn(line -> line.contains("intents_due"))
                .allSatisfy(line -> assertThat(actualRows(line)).isLessThanOrEqualTo(10));
        assertThat(plan).filteredOn(line -> line.contains("Rows Removed by Filter"))
                .allSatisfy(line -> assertThat(Long.parseLong(line.replaceAll(".*Rows Removed by Filter: (\\d+).*", "$1")))
                        .isLessThan(100));
    }

    /**
     * Returns once {@code receiver} hears {@code sender}'s notices, with nothing heard kept. The probes are
     * pauses of pairs nothing else uses, so one that arrives late never reads as what a test waits for.
     */
    private static void awaitListening(PostgresIntentStore sender, RecordingListener heard) throws InterruptedException {
        AtomicInteger probe = new AtomicInteger();
        Await.until("the receiving node listens", RECOVERY, () -> {
            String target = "probe-" + probe.incrementAndGet();
            sender.pause("probe", target);
            return heard.hasHeard("paused probe " + target);
        });
        heard.clear();
    }

    private static void terminateOtherBackends() throws SQLException {
        postgres.execute("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()
                """);
    }

    private static List<String> explainAnalyzedAndRolledBack(PostgresSettings settings, String statement) {
        PostgresDatabase database = PostgresDatabase.open(settings, Clock.systemUTC());
        try {
            return database.read("explain", handle -> {
                handle.begin();
                try {
                    return handle.createQuery("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) " + statement).mapTo(String.class).list();
                } finally {
                    handle.rollback();
                }
            });
        } finally {
            database.close();
        }
    }

    private static long actualRows(String planLine) {
        return Long.parseLong(planLine.replaceAll(".*actual rows=(\\d+).*", "$1"));
    }
}
