package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A pause holds its pair's rows in id order; a renewal or a batch of settlements over the same rows must lock
 * them in that order too, whatever order it was handed them in, or the two wait on each other in a circle and
 * PostgreSQL aborts one with a deadlock. Each test holds the highest id's row, lets the write under test wait
 * for it, and then finds the lowest id's row already taken by that write. The highest id is stored first and the
 * lowest id's row written last, as a queue's ids and updates scatter its rows, so no order taken from how rows
 * were stored or where they lie is id order.
 */
class RowLockOrderTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private final ExecutorService writer = Executors.newSingleThreadExecutor();
    private PostgresDatabase database;
    private PostgresIntentStore store;
    private List<ClaimRef> highestIdFirst;

    @BeforeEach
    void claimTwo() throws SQLException {
        database = PostgresDatabase.open(postgres.freshSchema(), Clock.fixed(NOW, ZoneOffset.UTC));
        store = new PostgresIntentStore(database);
        store.enqueue(new NewIntent("intent-b", "job", "evt_b", "target-a", "p", Optional.empty()), NOW);
        store.enqueue(new NewIntent("intent-a", "job", "evt_a", "target-a", "p", Optional.empty()), NOW);
        highestIdFirst = store.claim(NOW, LEASE, 2).stream().map(Intent::requireClaim)
                .sorted(Comparator.comparing(ClaimRef::intentId).reversed()).toList();
        assertThat(highestIdFirst).extracting(ClaimRef::intentId).containsExactly("intent-b", "intent-a");
        database.transaction("move the lowest id's row last", handle -> handle.createUpdate(
                "UPDATE intent_states SET updated_at = updated_at + 1 WHERE id = 'intent-a'").execute());
    }

    @AfterEach
    void close() {
        writer.shutdownNow();
        store.close();
        database.close();
    }

    @Test
    void aRenewalLocksItsClaimsInIdOrderWhateverOrderItIsGivenThem() throws Exception {
        Object lost = whileTheHighestRowIsHeld(() -> store.renewAll(highestIdFirst, NOW, LEASE));

        assertThat(lost).as("claims lost").isEqualTo(Set.of());
    }

    @Test
    void aBatchOfSettlementsLocksItsRowsInIdOrderWhateverOrderItIsGivenThem() throws Exception {
        List<Settlements.Request> batch = highestIdFirst.stream()
                .map(claim -> new Settlements.Request(claim, new Settlement.Complete(), Optional.empty(), NOW)).toList();

        Object settled = whileTheHighestRowIsHeld(() -> database.transaction("settle",
                handle -> new Settlements(() -> { }).write(handle, batch)));

        assertThat(settled).isEqualTo(List.of(true, true));
    }

    private Object whileTheHighestRowIsHeld(Callable<?> write) throws Exception {
        String highest = highestIdFirst.get(0).intentId();
        String lowest = highestIdFirst.get(highestIdFirst.size() - 1).intentId();
        try (Handle holder = database.jdbi().open()) {
            holder.begin();
            lock(holder, highest, "");
            Future<?> written = writer.submit(write);
            Await.until("the write waits for the highest id's row", WAIT, () -> waitingOnALock() > 0);
            try (Handle prober = database.jdbi().open()) {
                assertThatThrownBy(() -> prober.inTransaction(h -> lock(h, lowest, " NOWAIT")))
                        .as("the lowest id's row, taken before the highest").hasRootCauseMessage(
                                "ERROR: could not obtain lock on row in relation \"intent_states\"");
            }
            holder.rollback();
            return written.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private static int lock(Handle handle, String id, String how) {
        return handle.createQuery("SELECT 1 FROM intent_states WHERE id = :id FOR UPDATE" + how)
                .bind("id", id).mapTo(Integer.class).one();
    }

    /** Read afresh each time: a transaction sees one snapshot of {@code pg_stat_activity}. */
    private int waitingOnALock() {
        return database.read("waiters", handle -> handle.createQuery("""
                SELECT count(*) FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()
                """).mapTo(Integer.class).one());
    }
}
