package io.hookrelay.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The floor of the PostgreSQL figures, as {@link SqliteLimit} is of SQLite's: plain JDBC from one thread into a
 * table of one text column, with the server's own durability settings, one row per commit and then
 * {@value #BATCH_ROWS} rows per commit. No store does less per row than this.
 */
final class PostgresLimit {
    static final int BATCH_ROWS = 500;

    private PostgresLimit() {
    }

    static SqliteLimit.Result measure(PostgresBenchDatabase bench, Duration each) throws SQLException {
        bench.execute("CREATE TABLE commits (id BIGSERIAL PRIMARY KEY, payload TEXT NOT NULL)");
        try (Connection connection = bench.connect()) {
            return new SqliteLimit.Result(rowsPerSecond(connection, 1, each), rowsPerSecond(connection, BATCH_ROWS, each));
        }
    }

    private static double rowsPerSecond(Connection connection, int rowsPerCommit, Duration duration) throws SQLException {
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO commits (payload) VALUES (?)")) {
            long started = System.nanoTime();
            long deadline = started + duration.toNanos();
            long rows = 0;
            while (System.nanoTime() < deadline) {
                for (int i = 0; i < rowsPerCommit; i++) {
                    insert.setString(1, "row " + rows++);
                    insert.addBatch();
                }
                insert.executeBatch();
                connection.commit();
            }
            return rows / SqliteLimit.seconds(System.nanoTime() - started);
        }
    }

    /** {@code synchronous_commit} and {@code fsync} as the server has them, for the run's description. */
    static String durability(PostgresBenchDatabase bench) throws SQLException {
        try (Connection connection = bench.connect(); Statement statement = connection.createStatement()) {
            return "synchronous_commit=" + show(statement, "synchronous_commit") + ", fsync=" + show(statement, "fsync")
                    + ", wal_sync_method=" + show(statement, "wal_sync_method");
        }
    }

    private static String show(Statement statement, String setting) throws SQLException {
        try (ResultSet result = statement.executeQuery("SHOW " + setting)) {
            result.next();
            return result.getString(1);
        }
    }
}
