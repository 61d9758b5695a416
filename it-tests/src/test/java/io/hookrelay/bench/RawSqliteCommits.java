package io.hookrelay.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The physical limit the queue is measured against: how many durable single-row transactions per second
 * SQLite manages on this file system with the same settings hookrelay uses (WAL, {@code synchronous=FULL},
 * {@code BEGIN IMMEDIATE}). A queue that batches can beat it; one that commits per call cannot.
 */
final class RawSqliteCommits {
    private RawSqliteCommits() {
    }

    /** Commits one-row transactions back to back for {@code duration}; returns commits per second. */
    static double measure(Path databaseFile, Duration duration) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + databaseFile);
             Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA busy_timeout=10000");
            statement.execute("PRAGMA journal_mode=WAL");
            statement.execute("PRAGMA synchronous=FULL");
            statement.execute("CREATE TABLE IF NOT EXISTS commits (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)");
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO commits (payload) VALUES (?)")) {
                long deadline = System.nanoTime() + duration.toNanos();
                long started = System.nanoTime();
                long commits = 0;
                while (System.nanoTime() < deadline) {
                    statement.execute("BEGIN IMMEDIATE");
                    insert.setString(1, "row " + commits);
                    insert.executeUpdate();
                    statement.execute("COMMIT");
                    commits++;
                }
                return commits / seconds(System.nanoTime() - started);
            }
        }
    }

    static double seconds(long nanos) {
        return nanos / 1_000_000_000.0;
    }
}
