package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Settlement;
import io.hookrelay.storage.postgres.schema.MigrationTrack;
import io.hookrelay.storage.postgres.schema.PostgresMigrations;
import io.hookrelay.storage.postgres.schema.QueueSchema;
import io.hookrelay.storage.postgres.schema.RelaySchema;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A database the queue's first version made, with rows in every kind of state, opened by this version. */
class QueueMigrationTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    private static final String PENDING = NewIntent.defaultId("job", "evt_pending", "target-a");
    private static final String RUNNING = NewIntent.defaultId("job", "evt_running", "target-a");
    private static final String COMPLETED = NewIntent.defaultId("job", "evt_completed", "target-a");
    private static final String HELD = NewIntent.defaultId("job", "evt_held", "paused-target");
    private static final String DELIVERED = "dlv_1";

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Test
    void aVersionOneDatabaseWithRowsIsConvertedAndKeepsWorking() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        Jdbi jdbi = Jdbi.create(settings.jdbcUrl(), settings.user(), settings.password().orElse(""))
                .installPlugin(new SqlObjectPlugin());
        try (Handle handle = jdbi.open()) {
            MigrationTrack first = new MigrationTrack("queue", QueueSchema.TRACK.migrations().subList(0, 1));
            PostgresMigrations.apply(handle, first, Clock.systemUTC());
            PostgresMigrations.apply(handle, new MigrationTrack("relay", RelaySchema.TRACK.migrations().subList(0, 1)),
                    Clock.systemUTC());
            handle.createScript(versionOneRows()).execute();
        }

        try (PostgresDatabase database = PostgresDatabase.open(settings, Clock.systemUTC());
             PostgresIntentStore store = new PostgresIntentStore(database)) {
            Intent running = store.find(RUNNING).orElseThrow();
            assertThat(running.state()).isEqualTo(IntentState.RUNNING);
            assertThat(running.claimToken()).isEqualTo("token-running");
            assertThat(running.attempts()).isEqualTo(1);
            assertThat(store.find(COMPLETED).orElseThrow().state()).isEqualTo(IntentState.COMPLETED);
            assertThat(store.attempts(COMPLETED)).extracting(AttemptRecord::attempt, AttemptRecord::outcome)
                    .containsExactly(tuple(1, AttemptOutcome.ERROR), tuple(2, AttemptOutcome.SUCCESS));
            assertThat(store.attempts(COMPLETED).get(0).detail().statusCode()).contains(500);
            assertThat(store.isPaused("job", "paused-target")).isTrue();

            List<Intent> claimed = store.claim(NOW, LEASE, 10);
            assertThat(claimed).extracting(Intent::id).containsExactly(PENDING);
            assertThat(claimed.get(0).payload()).isEqualTo("payload-pending");
            assertThat(claimed.get(0).attempts()).isEqualTo(1);

            ClaimRef stillHeld = new ClaimRef(RUNNING, "token-running");
            assertThat(store.renew(new ClaimRef(RUNNING, "someone-else"), NOW, LEASE)).isFalse();
            assertThat(store.renew(stillHeld, NOW, LEASE)).isTrue();
            AttemptRecord logged = new AttemptRecord(1, NOW, Duration.ofMillis(5), AttemptOutcome.SUCCESS, "", AttemptDetail.NONE);
            assertThat(store.settle(stillHeld, new Settlement.Complete(), Optional.of(logged), NOW)).isTrue();
            assertThat(store.find(RUNNING).orElseThrow().state()).isEqualTo(IntentState.COMPLETED);
            assertThat(store.attempts(RUNNING)).containsExactly(logged);

            List<Enqueued> enqueued = store.enqueueAll(List.of(NewIntent.of("job", "evt_pending", "target-a", "again"),
                    NewIntent.of("job", "evt_new", "target-a", "payload-new")), NOW);
            assertThat(enqueued).containsExactly(new Enqueued(PENDING, true),
                    new Enqueued(NewIntent.defaultId("job", "evt_new", "target-a"), false));
            assertThat(store.find(PENDING).orElseThrow().payload()).isEqualTo("payload-pending");

            store.resume("job", "paused-target");
            assertThat(store.claim(NOW, LEASE, 10)).extracting(Intent::id)
                    .containsExactlyInAnyOrder(HELD, NewIntent.defaultId("job", "evt_new", "target-a"));

            EndedIntents ended = new EndedIntents("delivery", Set.of(IntentState.COMPLETED), NOW);
            assertThat(store.deleteEnded(ended, List.of(DELIVERED))).isEqualTo(1);
            int deliveries = database.read("deliveries", handle -> handle.createQuery("SELECT count(*) FROM deliveries")
                    .mapTo(Integer.class).one());
            assertThat(deliveries).as("deliveries still go with their intents").isZero();
            int logRows = database.read("attempts", handle -> handle.createQuery("SELECT count(*) FROM intent_attempts")
                    .mapTo(Integer.class).one());
            assertThat(logRows).as("the attempt logs of the two completed intents left").isEqualTo(3);
            assertThat(store.find(DELIVERED)).isEmpty();
        }
    }

    /** Rows as version 1's statements wrote them, times in epoch milliseconds. */
    private static String versionOneRows() {
        long now = NOW.toEpochMilli();
        return """
                INSERT INTO intents (id, kind, event_id, target, payload, state, attempts, next_at, created_at,
                                     updated_at, last_error, claim_token, claim_until, held)
                VALUES ('%1$s', 'job', 'evt_pending', 'target-a', 'payload-pending', 'pending', 0, %5$d - 1000,
                        %5$d - 5000, %5$d - 5000, '', '', 0, false),
                       ('%2$s', 'job', 'evt_running', 'target-a', 'payload-running', 'running', 1, %5$d - 4000,
                        %5$d - 4000, %5$d - 1000, '', 'token-running', %5$d + 20000, false),
                       ('%3$s', 'job', 'evt_completed', 'target-a', 'payload-completed', 'completed', 2, %5$d - 3000,
                        %5$d - 3000, %5$d - 2000, 'HTTP 500', '', 0, false),
                       ('%4$s', 'job', 'evt_held', 'paused-target', 'payload-held', 'pending', 0, %5$d - 2000,
                        %5$d - 2000, %5$d - 2000, '', '', 0, true),
                       ('%6$s', 'delivery', 'evt_1', 'target-a', 'evt_1', 'completed', 1, %5$d - 2000,
                        %5$d - 2000, %5$d - 2000, '', '', 0, false);
                INSERT INTO intent_attempts (intent_id, attempt, started_at, duration_ms, outcome, error, status_code, excerpt)
                VALUES ('%3$s', 1, %5$d - 3000, 10, 'error', 'HTTP 500', 500, 'oops'),
                       ('%3$s', 2, %5$d - 2500, 10, 'success', '', 200, ''),
                       ('%6$s', 1, %5$d - 2000, 10, 'success', '', 200, '');
                INSERT INTO paused_work (kind, target) VALUES ('job', 'paused-target');
                INSERT INTO events (id, source_id, event_type, received_at, content_type, header_names, header_values, body)
                VALUES ('evt_1', 'orders', NULL, %5$d - 2000, 'application/json', '{}', '{}', '\\x7b7d');
                INSERT INTO deliveries (id, event_id, target_id) VALUES ('%6$s', 'evt_1', 'target-a');
                """.formatted(PENDING, RUNNING, COMPLETED, HELD, now, DELIVERED);
    }
}
