package io.hookrelay.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The physical limit every other figure is measured against: durable SQLite transactions on this file
 * system with the settings hookrelay uses (WAL, {@code synchronous=FULL}, {@code BEGIN IMMEDIATE}). One row
 * per transaction is what a store that commits per call can reach; 100 rows per transaction shows what
 * sharing commits (group commit) can buy on the same disk.
 */
final class SqliteLimit {
    static final int BATCH_ROWS = 100;

    record Result(double singleRowCommitsPerSecond, double batchedRowsPerSecond) {
    }

    private SqliteLimit() {
    }

    static Result measure(Path directory, Duration each) throws SQLException {
        return new Result(rowsPerSecond(directory.resolve("single.db"), 1, each),
                rowsPerSecond(directory.resolve("batched.db"), BATCH_ROWS, each));
    }

    private static double rowsPerSecond(Path databaseFile, int rowsPerCommit, Duration duration) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + databaseFile);
             Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA busy_timeout=10000");
            statement.execute("PRAGMA journal_mode=WAL");
            statement.execute("PRAGMA synchronous=FULL");
            statement.execute("CREATE TABLE IF NOT EXISTS commits (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)");
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO commits (payload) VALUES (?)")) {
                long started = System.nanoTime();
                long deadline = started + duration.toNanos();
                long rows = 0;
                while (System.nanoTime() < deadline) {
                    statement.execute("BEGIN IMMEDIATE");
                    for (int i = 0; i < rowsPerCommit; i++) {
                        insert.setString(1, "row " + rows++);
                        insert.executeUpdate();
                    }
                    statement.execute("COMMIT");
                }
                return rows / seconds(System.nanoTime() - started);
            }
        }
    }

    static double seconds(long nanos) {
        return nanos / 1_000_000_000.0;
    }
}
