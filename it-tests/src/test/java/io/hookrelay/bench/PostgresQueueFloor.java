package io.hookrelay.bench;

import io.hookrelay.queue.NewIntent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The most any queue keeping {@link io.hookrelay.queue.IntentStore}'s promises could do on this PostgreSQL: the
 * fewest writes those promises need, made with plain JDBC by callers that never wait for anyone. Per intent: its
 * identity (a unique id and a unique {@code (kind, event_id, target)}, as idempotent enqueues need) and its state
 * row, in one statement; a claim that takes due rows with {@code SKIP LOCKED} and hands out a token; a completion
 * fenced by that token, with its attempt-log row, in one statement. Everything is as cheap as it can be made:
 * state rows keyed and walked by a growing number, no lease branch in the claim, no pause lookup, batches of
 * {@link Shape#batch} rows in autocommit. What it leaves out only raises the figure, so it bounds the store's.
 *
 * <p>Several shapes (callers × rows per statement) are tried, each on a database of its own, and the fastest
 * is the floor: one caller's round trips leave the server idle while it waits for the client and for each
 * commit's flush, so more callers or larger batches may fill the cores better.
 */
final class PostgresQueueFloor {
    static final List<Shape> SHAPES = List.of(new Shape(2, 500), new Shape(4, 500), new Shape(2, 2_000), new Shape(4, 2_000));

    static final List<String> TABLES = List.of("""
            CREATE TABLE floor_intents (
                seq      bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
                id       text NOT NULL PRIMARY KEY,
                kind     text NOT NULL,
                event_id text NOT NULL,
                target   text NOT NULL,
                UNIQUE (kind, event_id, target))""", """
            CREATE TABLE floor_states (
                seq         bigint NOT NULL PRIMARY KEY,
                id          text   NOT NULL,
                kind        text   NOT NULL,
                event_id    text   NOT NULL,
                target      text   NOT NULL,
                payload     text   NOT NULL,
                state       text   NOT NULL,
                attempts    int    NOT NULL,
                next_at     bigint NOT NULL,
                created_at  bigint NOT NULL,
                updated_at  bigint NOT NULL,
                claim_token text   NOT NULL,
                claim_until bigint NOT NULL)""",
            "CREATE INDEX floor_due ON floor_states (next_at, created_at, seq) WHERE state = 'pending'",
            "CREATE INDEX floor_lease ON floor_states (claim_until) WHERE state = 'running'", """
            CREATE TABLE floor_attempts (
                seq         bigint NOT NULL,
                attempt     int    NOT NULL,
                started_at  bigint NOT NULL,
                duration_ms bigint NOT NULL,
                outcome     text   NOT NULL,
                error       text   NOT NULL,
                PRIMARY KEY (seq, attempt))""");

    static final String ENQUEUE = """
            WITH stored AS (
                INSERT INTO floor_intents (id, kind, event_id, target)
                SELECT id, 'job', event_id, 'bench' FROM unnest(CAST(? AS text[]), CAST(? AS text[])) AS given (id, event_id)
                ON CONFLICT DO NOTHING
                RETURNING seq, id, kind, event_id, target)
            INSERT INTO floor_states (seq, id, kind, event_id, target, payload, state, attempts, next_at, created_at,
                                      updated_at, claim_token, claim_until)
            SELECT seq, id, kind, event_id, target, '', 'pending', 0, ?, ?, ?, '', 0 FROM stored""";
    static final String CLAIM = """
            WITH due AS MATERIALIZED (
                SELECT seq FROM floor_states
                 WHERE state = 'pending' AND next_at <= ?
                 ORDER BY next_at, created_at, seq
                 LIMIT ?
                   FOR UPDATE SKIP LOCKED)
            UPDATE floor_states
               SET state = 'running', attempts = attempts + 1, claim_token = md5(random()::text), claim_until = ?,
                   updated_at = ?
              FROM due
             WHERE floor_states.seq = due.seq
            RETURNING floor_states.seq, floor_states.claim_token, floor_states.attempts""";
    static final String COMPLETE = """
            WITH done AS (
                UPDATE floor_states
                   SET state = 'completed', claim_token = '', claim_until = 0, updated_at = ?
                  FROM unnest(CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS int[])) AS held (seq, token, attempt)
                 WHERE floor_states.seq = held.seq AND floor_states.state = 'running'
                   AND floor_states.claim_token = held.token
                RETURNING held.seq, held.attempt)
            INSERT INTO floor_attempts (seq, attempt, started_at, duration_ms, outcome, error)
            SELECT seq, attempt, ?, 0, 'success', '' FROM done""";

    private PostgresQueueFloor() {
    }

    /** @param batch rows per statement, for enqueues, claims and completions alike */
    record Shape(int callers, int batch) {
        Shape {
            if (callers < 1 || batch < 1) {
                throw new IllegalArgumentException("a shape needs at least one caller and one row per statement");
            }
        }

        @Override
        public String toString() {
            return callers + " × " + batch;
        }
    }

    record Result(Shape shape, double intentsPerSecond) {
    }

    /** Every shape on a database of its own, fastest first. */
    static List<Result> measure(int intents) throws Exception {
        List<Result> results = new ArrayList<>();
        for (Shape shape : SHAPES) {
            try (PostgresBenchDatabase database = PostgresBenchDatabase.create("floor")) {
                results.add(new Result(shape, measure(database, shape, intents)));
            }
        }
        results.sort(Comparator.comparingDouble(Result::intentsPerSecond).reversed());
        return results;
    }

    private static double measure(PostgresBenchDatabase database, Shape shape, int intents) throws Exception {
        for (String table : TABLES) {
            database.execute(table);
        }
        int each = intents / shape.callers();
        long started = System.nanoTime();
        Concurrently.run(shape.callers(), caller -> {
            try (Connection connection = database.connect()) {
                run(connection, "caller-" + caller + "-event-", each, shape.batch());
            }
            return null;
        });
        try (Connection connection = database.connect()) {
            drain(connection, shape.batch());
            long elapsed = System.nanoTime() - started;
            requireRows(completed(connection), each * shape.callers(), "completed in all");
            return each * shape.callers() / SqliteLimit.seconds(elapsed);
        }
    }

    /** What a caller's last claim left behind, when another caller's claim took some of its rows meanwhile. */
    private static void drain(Connection connection, int batch) throws SQLException {
        try (PreparedStatement claim = connection.prepareStatement(CLAIM);
             PreparedStatement complete = connection.prepareStatement(COMPLETE)) {
            Claimed claimed;
            do {
                long now = System.currentTimeMillis();
                claimed = claim(claim, batch, now);
                complete(connection, complete, claimed, now);
            } while (claimed.seqs().length > 0);
        }
    }

    private static int completed(Connection connection) throws SQLException {
        try (PreparedStatement count = connection.prepareStatement(
                "SELECT count(*) FROM floor_states JOIN floor_attempts USING (seq) WHERE state = 'completed'");
             ResultSet result = count.executeQuery()) {
            result.next();
            return result.getInt(1);
        }
    }

    private static void run(Connection connection, String eventPrefix, int intents, int batch) throws SQLException {
        try (PreparedStatement enqueue = connection.prepareStatement(ENQUEUE);
             PreparedStatement claim = connection.prepareStatement(CLAIM);
             PreparedStatement complete = connection.prepareStatement(COMPLETE)) {
            for (int first = 0; first < intents; first += batch) {
                int rows = Math.min(batch, intents - first);
                long now = System.currentTimeMillis();
                String[] eventIds = new String[rows];
                for (int i = 0; i < rows; i++) {
                    eventIds[i] = eventPrefix + (first + i);
                }
                enqueue(connection, enqueue, eventIds, now);
                Claimed claimed = claim(claim, rows, now);
                complete(connection, complete, claimed, now);
            }
        }
    }

    static void enqueue(Connection connection, PreparedStatement enqueue, String[] eventIds, long now) throws SQLException {
        String[] ids = new String[eventIds.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = NewIntent.defaultId("job", eventIds[i], "bench");
        }
        enqueue.setArray(1, connection.createArrayOf("text", ids));
        enqueue.setArray(2, connection.createArrayOf("text", eventIds));
        enqueue.setLong(3, now);
        enqueue.setLong(4, now);
        enqueue.setLong(5, now);
        requireRows(enqueue.executeUpdate(), eventIds.length, "enqueued");
    }

    record Claimed(Long[] seqs, String[] tokens, Integer[] attempts) {
    }

    /** Claims up to {@code rows}: another caller may have taken some of this caller's, and this one theirs. */
    static Claimed claim(PreparedStatement claim, int rows, long now) throws SQLException {
        claim.setLong(1, now);
        claim.setInt(2, rows);
        claim.setLong(3, now + 300_000);
        claim.setLong(4, now);
        List<Long> seqs = new ArrayList<>(rows);
        List<String> tokens = new ArrayList<>(rows);
        List<Integer> attempts = new ArrayList<>(rows);
        try (ResultSet result = claim.executeQuery()) {
            while (result.next()) {
                seqs.add(result.getLong(1));
                tokens.add(result.getString(2));
                attempts.add(result.getInt(3));
            }
        }
        return new Claimed(seqs.toArray(Long[]::new), tokens.toArray(String[]::new), attempts.toArray(Integer[]::new));
    }

    static void complete(Connection connection, PreparedStatement complete, Claimed claimed, long now)
            throws SQLException {
        complete.setLong(1, now);
        complete.setArray(2, connection.createArrayOf("bigint", claimed.seqs()));
        complete.setArray(3, connection.createArrayOf("text", claimed.tokens()));
        complete.setArray(4, connection.createArrayOf("integer", claimed.attempts()));
        complete.setLong(5, now);
        requireRows(complete.executeUpdate(), claimed.seqs().length, "completed");
    }

    private static void requireRows(int written, int expected, String what) {
        if (written != expected) {
            throw new IllegalStateException(written + " of " + expected + " intents " + what);
        }
    }
}
