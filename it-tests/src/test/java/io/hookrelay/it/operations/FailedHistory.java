package io.hookrelay.it.operations;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import org.sqlite.SQLiteConfig;

/**
 * A long history for retention to delete, written into a running server's database from outside, as an
 * operator's tool could: {@code events} events of {@link #SOURCE}, each with an idempotency key and one
 * delivery to {@link #TARGET} that failed after {@link #ATTEMPTS} logged attempts, all ended by
 * {@code endedAt}. Generated in one SQL transaction, because ingesting and failing that many webhooks for
 * real would take minutes.
 */
final class FailedHistory {
    static final String SOURCE = "bulk";
    static final String TARGET = "sink";
    /** Ids no server makes: its ULIDs start with the time, far from all zeros. */
    static final String EVENT_PREFIX = "evt_00";
    static final String DELIVERY_PREFIX = "dlv_00";
    static final int ATTEMPTS = 3;
    /** The server's writer holds the lock for one group commit at a time; this waits for a gap between them. */
    private static final Duration BUSY_TIMEOUT = Duration.ofSeconds(30);
    /** Row {@code i} ended {@code i} milliseconds after the first; each insert reads them. */
    private static final String ROWS = """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?),
                 rows AS (SELECT i, printf('evt_00%024d', i) AS event_id, printf('dlv_00%024d', i) AS delivery_id,
                                 ? + i AS at
                            FROM n)
            """;

    private FailedHistory() {
    }

    static void insert(Path databaseFile, int events, Instant endedAt) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(Math.toIntExact(BUSY_TIMEOUT.toMillis()));
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        long firstEnded = endedAt.toEpochMilli() - events;
        try (Connection connection = config.createConnection("jdbc:sqlite:" + databaseFile)) {
            connection.setAutoCommit(false);
            insert(connection, events, events, firstEnded, """
                    INSERT INTO events (id, source_id, event_type, received_at, content_type, headers, body)
                    SELECT event_id, 'bulk', 'order.created', at - 60000, 'application/json', 'content-type: application/json',
                           randomblob(256)
                      FROM rows""");
            insert(connection, events, events, firstEnded, """
                    INSERT INTO idempotency_keys (tenant_id, source_id, key, event_id)
                    SELECT 'default', 'bulk', 'key-' || i, event_id FROM rows""");
            insert(connection, events, events, firstEnded, """
                    INSERT INTO intents (id, kind, event_id, target, payload, state, attempts, next_at, created_at, updated_at,
                                         last_error, claim_token, claim_until)
                    SELECT delivery_id, 'delivery', delivery_id, 'sink', event_id, 'failed', 3, at - 60000, at - 60000, at,
                           'HTTP 500', '', 0
                      FROM rows""");
            insert(connection, events, events, firstEnded, """
                    INSERT INTO deliveries (id, event_id, target_id) SELECT delivery_id, event_id, 'sink' FROM rows""");
            insert(connection, events, events * ATTEMPTS, firstEnded, """
                    INSERT INTO intent_attempts (intent_id, attempt, started_at, duration_ms, outcome, error, status_code, excerpt)
                    SELECT delivery_id, attempt, at - 20000 * (3 - attempt) - 20, 20,
                           CASE attempt WHEN 3 THEN 'stop' ELSE 'error' END, 'HTTP 500', 500, 'unavailable'
                      FROM rows, (SELECT 1 AS attempt UNION ALL SELECT 2 UNION ALL SELECT 3)""");
            connection.commit();
        }
    }

    private static void insert(Connection connection, int events, int expected, long firstEnded, String insertFromRows)
            throws SQLException {
        String sql = ROWS + insertFromRows;
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setInt(1, events);
            statement.setLong(2, firstEnded);
            int inserted = statement.executeUpdate();
            if (inserted != expected) {
                throw new IllegalStateException("inserted " + inserted + " rows, not " + expected + ": " + sql);
            }
        }
    }
}
