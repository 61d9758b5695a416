package io.hookrelay.it.operations;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.sqlite.SQLiteConfig;

/**
 * A hookrelay database file read as an operator's {@code sqlite3} reads it: through SQLite, so with its
 * {@code -wal} when one is beside it, read-only, one short statement at a time so that it never holds a
 * snapshot a running relay would have to checkpoint around.
 */
final class DatabaseFile implements AutoCloseable {
    private final Connection connection;

    /** One delivery: its intent's state and how many attempts its log holds, with the event and target it is for. */
    record Delivery(String id, String eventId, String target, String state, int loggedAttempts) {
        boolean finished() {
            return !"pending".equals(state) && !"running".equals(state);
        }
    }

    private DatabaseFile(Connection connection) {
        this.connection = connection;
    }

    static DatabaseFile of(Path databaseFile) throws SQLException {
        SQLiteConfig readOnly = new SQLiteConfig();
        readOnly.setReadOnly(true);
        return new DatabaseFile(readOnly.createConnection("jdbc:sqlite:" + databaseFile));
    }

    static DatabaseFile inDataDirectory(Path dataDir) throws SQLException {
        return of(dataDir.resolve("hookrelay.db"));
    }

    /** The events of the database in {@code dataDir}, read and closed again. */
    static Set<String> eventIdsIn(Path dataDir) throws SQLException {
        try (DatabaseFile database = inDataDirectory(dataDir)) {
            return database.eventIds();
        }
    }

    Set<String> eventIds() throws SQLException {
        Set<String> ids = new HashSet<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT id FROM events")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    List<Delivery> deliveries() throws SQLException {
        List<Delivery> deliveries = new ArrayList<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("""
                     SELECT d.id, d.event_id, d.target_id, i.state,
                            (SELECT count(*) FROM intent_attempts a WHERE a.intent_id = d.id)
                     FROM deliveries d JOIN intents i ON i.id = d.id""")) {
            while (rows.next()) {
                deliveries.add(new Delivery(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4),
                        rows.getInt(5)));
            }
        }
        return deliveries;
    }

    /** How many deliveries are in one of {@code states}; unchecked, to fit in a wait's condition. */
    int countIn(String... states) {
        String placeholders = String.join(", ", Collections.nCopies(states.length, "?"));
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT count(*) FROM deliveries d JOIN intents i ON i.id = d.id WHERE i.state IN (" + placeholders + ")")) {
            for (int i = 0; i < states.length; i++) {
                statement.setString(i + 1, states[i]);
            }
            try (ResultSet count = statement.executeQuery()) {
                count.next();
                return count.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count deliveries in " + List.of(states), e);
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
