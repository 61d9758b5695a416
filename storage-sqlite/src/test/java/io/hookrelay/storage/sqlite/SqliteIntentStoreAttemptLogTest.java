package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.sqlite.connection.WriteStats;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the shared contract cannot see: that an outcome and its log entry are one SQLite transaction. */
class SqliteIntentStoreAttemptLogTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    @Test
    void anOutcomeAndItsLogEntryAreOneWriteTask() {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = new SqliteIntentStore(database);
            Intent claimed = claimFresh(store);
            WriteStats before = database.writeStats();

            assertThat(store.settle(claimed.requireClaim(), new Settlement.Complete(),
                    Optional.of(entry(claimed, AttemptOutcome.SUCCESS, Optional.of(200))), NOW)).isTrue();

            WriteStats after = database.writeStats();
            assertThat(after.tasks() - before.tasks()).isEqualTo(1);
            assertThat(after.transactions() - before.transactions()).isEqualTo(1);
        }
    }

    @Test
    void whenTheLogEntryCannotBeWrittenTheOutcomeIsRolledBackWithIt() throws Exception {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = new SqliteIntentStore(database);
            Intent claimed = claimFresh(store);
            try (Connection other = PlainConnections.open(database.databaseFile())) {
                PlainConnections.execute(other, """
                        CREATE TRIGGER refuse_attempt_log BEFORE INSERT ON intent_attempts
                        BEGIN SELECT RAISE(ABORT, 'the attempt log is refusing writes'); END""");
            }

            assertThatExceptionOfType(StoreException.class).isThrownBy(() -> store.settle(claimed.requireClaim(),
                    new Settlement.Complete(), Optional.of(entry(claimed, AttemptOutcome.SUCCESS, Optional.of(200))), NOW));

            assertThat(store.find(claimed.id())).contains(claimed);
            assertThat(store.attempts(claimed.id())).isEmpty();
            assertThat(store.complete(claimed.requireClaim(), NOW))
                    .as("the claim is still held, so a settlement without a log entry lands").isTrue();
        }
    }

    @Test
    void theLogOutlivesARestartAndKeepsAMissingStatusAsNull() throws Exception {
        AttemptRecord refused;
        AttemptRecord unanswered;
        String id;
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = new SqliteIntentStore(database);
            Intent first = claimFresh(store);
            id = first.id();
            refused = entry(first, AttemptOutcome.ERROR, Optional.of(503));
            store.settle(first.requireClaim(), new Settlement.Retry(NOW, refused.error()), Optional.of(refused), NOW);
            Intent second = store.claim(NOW, LEASE, 1).get(0);
            unanswered = entry(second, AttemptOutcome.ERROR, Optional.empty());
            store.settle(second.requireClaim(), new Settlement.Fail(unanswered.error()), Optional.of(unanswered), NOW);
        }

        try (SqliteDatabase reopened = SqliteDatabase.open(dataDir)) {
            assertThat(new SqliteIntentStore(reopened).attempts(id)).containsExactly(refused, unanswered);
            try (Connection plain = PlainConnections.open(reopened.databaseFile())) {
                assertThat(PlainConnections.count(plain,
                        "SELECT count(*) FROM intent_attempts WHERE intent_id = ? AND status_code IS NULL", id)).isEqualTo(1);
                assertThat(PlainConnections.count(plain,
                        "SELECT count(*) FROM intent_attempts WHERE intent_id = ? AND outcome = 'error'", id)).isEqualTo(2);
            }
        }
    }

    private static Intent claimFresh(SqliteIntentStore store) {
        store.enqueue(NewIntent.of("delivery", "evt_1", "target-a", "p"), NOW);
        List<Intent> claimed = store.claim(NOW, LEASE, 1);
        assertThat(claimed).hasSize(1);
        return claimed.get(0);
    }

    private static AttemptRecord entry(Intent claimed, AttemptOutcome outcome, Optional<Integer> status) {
        String error = outcome == AttemptOutcome.SUCCESS ? "" : "attempt " + claimed.attempts() + " failed";
        return new AttemptRecord(claimed.attempts(), NOW, Duration.ofMillis(321), outcome, error,
                new AttemptDetail(status, "answer " + claimed.attempts()));
    }
}
