package io.hookrelay.it.support;

import io.hookrelay.storage.postgres.PostgresSettings;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.sqlite.SQLiteConfig;

/**
 * {@code hookrelay.db}, or the PostgreSQL database several nodes share, read with plain JDBC, as an
 * operator's script would: what the relay actually wrote, not what its API says. Opened read-only, one short
 * query at a time, so it can watch running servers without holding anything they need.
 * ({@link #extendRunningLeases} is the one exception.) The queries are plain SQL on the tables both stores
 * share, so they read either.
 */
public final class RelayDatabase implements AutoCloseable {
    private static final String DATABASE_FILE = "hookrelay.db";
    /** The relay's own events, which tell operators of broken targets and go to the operator target alone. */
    private static final String OPERATOR_SOURCE = "_hookrelay";
    private static final String WEBHOOKS = "source_id <> '" + OPERATOR_SOURCE + "'";

    /**
     * PostgreSQL keeps an intent's changing columns in {@code intent_states} and keys the attempt log by the
     * intent's number: these name them as SQLite's tables, so every query here reads either store.
     */
    private static final String POSTGRES_TABLES = """
            WITH intents AS (SELECT * FROM intent_states),
                 intent_attempts AS (SELECT intents.id AS intent_id, log.*
                                       FROM intent_attempts AS log JOIN intents ON intents.seq = log.intent_seq)
            """;

    private final Connection connection;
    private final String tables;

    private RelayDatabase(Connection connection, String tables) {
        this.connection = connection;
        this.tables = tables;
    }

    /** The database of the data directory {@code dataDir}. */
    public static RelayDatabase open(Path dataDir) {
        return ofFile(dataDir.resolve(DATABASE_FILE));
    }

    /** Any hookrelay database file: a backup, a copy taken by hand, the one a restore kept aside. */
    public static RelayDatabase ofFile(Path databaseFile) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(10_000);
        try {
            return new RelayDatabase(DriverManager.getConnection("jdbc:sqlite:" + databaseFile, config.toProperties()), "");
        } catch (SQLException e) {
            throw failed("opening", e);
        }
    }

    /** A PostgreSQL database, read on a connection of its own, outside any node's pool. */
    public static RelayDatabase onPostgres(PostgresSettings settings) {
        Properties properties = new Properties();
        properties.setProperty("user", settings.user());
        settings.password().ifPresent(value -> properties.setProperty("password", value));
        try {
            Connection connection = DriverManager.getConnection(settings.jdbcUrl(), properties);
            connection.setReadOnly(true);
            return new RelayDatabase(connection, POSTGRES_TABLES);
        } catch (SQLException e) {
            throw failed("opening", e);
        }
    }

    /** The events of the database in {@code dataDir}, read and closed again. */
    public static Set<String> eventIdsIn(Path dataDir) {
        try (RelayDatabase database = open(dataDir)) {
            return database.eventIds();
        }
    }

    /** A delivery's intent as stored. */
    public record StoredDelivery(String id, String eventId, String target, String state, int attempts, long claimUntilMillis) {
        public StoredDelivery {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(eventId, "eventId");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(state, "state");
        }

        /** Neither pending nor running: the relay has nothing more to do for it. */
        public boolean finished() {
            return !"pending".equals(state) && !"running".equals(state);
        }
    }

    /** One entry of a delivery's attempt log. */
    public record LoggedAttempt(int attempt, String outcome, Optional<Integer> statusCode) {
        public LoggedAttempt {
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(statusCode, "statusCode");
        }
    }

    /**
     * Moves the end of every {@code running} intent's lease {@code by} later, on a database no server has
     * open. The only write a test makes behind the relay's back: a lease as the relay leaves it ends 30 s
     * after its last renewal, and a restart on a loaded machine can take most of that, so only a lease
     * far longer tells "claimed again because restart recovery released it" from "claimed again because
     * the lease ran out".
     */
    public static void extendRunningLeases(Path dataDir, Duration by) {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dataDir.resolve(DATABASE_FILE));
             PreparedStatement statement = connection.prepareStatement(
                     "UPDATE intents SET claim_until = claim_until + ? WHERE state = 'running'")) {
            statement.setLong(1, by.toMillis());
            statement.executeUpdate();
        } catch (SQLException e) {
            throw failed("extending leases in", e);
        }
    }

    /** How many intents are {@code pending} or {@code running}: work the relay still has to do. */
    public int unfinishedIntents() {
        return count("SELECT count(*) FROM intents WHERE state IN ('pending', 'running')");
    }

    /** How many of the targets' delivery slots are held, on PostgreSQL, where slots are rows; none once the work is done. */
    public int heldDeliverySlots() {
        return count("SELECT count(*) FROM target_slots WHERE holder IS NOT NULL");
    }

    /** The claim token of every {@code running} intent, by intent id: who holds what right now. */
    public Map<String, String> runningClaims() {
        Map<String, String> claims = new HashMap<>();
        query("SELECT id, claim_token FROM intents WHERE state = 'running'", row -> claims.put(row.getString(1), row.getString(2)));
        return claims;
    }

    /** How many deliveries are in one of {@code states}. */
    public int countIn(String... states) {
        String placeholders = String.join(", ", Collections.nCopies(states.length, "?"));
        int[] count = new int[1];
        query("SELECT count(*) FROM deliveries d JOIN intents i ON i.id = d.id WHERE i.state IN (" + placeholders + ")",
                row -> count[0] = row.getInt(1), (Object[]) states);
        return count[0];
    }

    /** The webhooks' events, without the relay's own operator events (source {@value #OPERATOR_SOURCE}). */
    public Set<String> eventIds() {
        Set<String> ids = new HashSet<>();
        query("SELECT id FROM events WHERE " + WEBHOOKS, row -> ids.add(row.getString(1)));
        return ids;
    }

    /** Every delivery with its intent, by id. */
    public Map<String, StoredDelivery> deliveries() {
        Map<String, StoredDelivery> deliveries = new HashMap<>();
        query("""
                SELECT i.id, d.event_id, d.target_id, i.state, i.attempts, i.claim_until
                  FROM intents AS i JOIN deliveries AS d ON d.id = i.id
                """, row -> deliveries.put(row.getString(1), new StoredDelivery(row.getString(1), row.getString(2),
                row.getString(3), row.getString(4), row.getInt(5), row.getLong(6))));
        return deliveries;
    }

    /** What SQLite's {@code PRAGMA integrity_check} says: {@code ok}, or the problems it found, one per line; on SQLite only. */
    public String integrityCheck() {
        List<String> lines = new ArrayList<>();
        query("PRAGMA integrity_check", row -> lines.add(row.getString(1)));
        return String.join("\n", lines);
    }

    /** PostgreSQL's clock now ({@code clock_timestamp()}), in epoch milliseconds; on PostgreSQL only. */
    public long postgresClockMillis() {
        long[] millis = new long[1];
        query("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint", row -> millis[0] = row.getLong(1));
        return millis[0];
    }

    /** When each logged attempt started, in epoch milliseconds by the clock its node decided by, earliest first, by delivery id. */
    public Map<String, List<Long>> attemptStarts() {
        Map<String, List<Long>> starts = new HashMap<>();
        query("SELECT intent_id, started_at FROM intent_attempts ORDER BY intent_id, started_at",
                row -> starts.computeIfAbsent(row.getString(1), id -> new ArrayList<>()).add(row.getLong(2)));
        return starts;
    }

    /** Every delivery's attempt log, oldest first, by delivery id; deliveries without entries are absent. */
    public Map<String, List<LoggedAttempt>> attemptLogs() {
        Map<String, List<LoggedAttempt>> logs = new HashMap<>();
        query("SELECT intent_id, attempt, outcome, status_code FROM intent_attempts ORDER BY intent_id, attempt", row -> {
            int status = row.getInt(4);
            Optional<Integer> statusCode = row.wasNull() ? Optional.empty() : Optional.of(status);
            logs.computeIfAbsent(row.getString(1), id -> new ArrayList<>())
                    .add(new LoggedAttempt(row.getInt(2), row.getString(3), statusCode));
        });
        return logs;
    }

    /**
     * When each logged attempt to {@code target} started, in epoch milliseconds by the clock of the process that made
     * it, earliest first.
     */
    public List<Long> attemptStartsTo(String target) {
        List<Long> starts = new ArrayList<>();
        query("""
                SELECT a.started_at FROM intent_attempts AS a JOIN intents AS i ON i.id = a.intent_id
                 WHERE i.target = ? ORDER BY a.started_at
                """, row -> starts.add(row.getLong(1)), target);
        return starts;
    }

    /** Every stored webhook's body, by event id. */
    public Map<String, byte[]> eventBodies() {
        Map<String, byte[]> bodies = new HashMap<>();
        query("SELECT id, body FROM events WHERE " + WEBHOOKS, row -> bodies.put(row.getString(1), row.getBytes(2)));
        return bodies;
    }

    /** Every stored webhook's headers as the column holds them ({@code name: value} lines), by event id. */
    public Map<String, String> eventHeaderText() {
        Map<String, String> headers = new HashMap<>();
        query("SELECT id, headers FROM events WHERE " + WEBHOOKS, row -> headers.put(row.getString(1), row.getString(2)));
        return headers;
    }

    /** Ids of webhooks' events whose deliveries are not exactly one to each of {@code targets}. */
    public List<String> eventsWithoutOneDeliveryPerTarget(int targets) {
        List<String> ids = new ArrayList<>();
        query("""
                SELECT e.id FROM events AS e LEFT JOIN deliveries AS d ON d.event_id = e.id
                 WHERE e.source_id <> ?
                 GROUP BY e.id
                HAVING count(d.id) != ? OR count(DISTINCT d.target_id) != ?
                """, row -> ids.add(row.getString(1)), OPERATOR_SOURCE, targets, targets);
        return ids;
    }

    /**
     * Ids of deliveries that lack a part or disagree with it: a {@code deliveries} row without its intent or
     * event, or a delivery intent without its {@code deliveries} row or event. A delivery intent's payload is
     * its event id.
     */
    public List<String> deliveriesMissingAPart() {
        List<String> ids = new ArrayList<>();
        query("""
                SELECT d.id FROM deliveries AS d
                  LEFT JOIN intents AS i ON i.id = d.id
                  LEFT JOIN events AS e ON e.id = d.event_id
                 WHERE i.id IS NULL OR e.id IS NULL OR i.payload != d.event_id OR i.target != d.target_id
                UNION ALL
                SELECT i.id FROM intents AS i
                  LEFT JOIN deliveries AS d ON d.id = i.id
                  LEFT JOIN events AS e ON e.id = i.payload
                 WHERE i.kind = 'delivery' AND (d.id IS NULL OR e.id IS NULL)
                """, row -> ids.add(row.getString(1)));
        return ids;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failed("closing", e);
        }
    }

    private int count(String sql) {
        int[] count = new int[1];
        query(sql, row -> count[0] = row.getInt(1));
        return count[0];
    }

    private interface RowReader {
        void read(ResultSet row) throws SQLException;
    }

    private void query(String sql, RowReader reader, Object... parameters) {
        try (PreparedStatement statement = connection.prepareStatement(tables + sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    reader.read(rows);
                }
            }
        } catch (SQLException e) {
            throw failed("reading", e);
        }
    }

    /** A test cannot go on without the database, so its failures are not checked exceptions. */
    private static IllegalStateException failed(String doing, SQLException e) {
        return new IllegalStateException(doing + " the relay's database failed", e);
    }
}
