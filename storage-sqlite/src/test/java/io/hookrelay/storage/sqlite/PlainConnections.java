package io.hookrelay.storage.sqlite;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Connections that have nothing to do with the code under test (driver defaults, opened directly), the
 * way an operator's tool or a second program would see the database file.
 */
public final class PlainConnections {
    private PlainConnections() {
    }

    public static Connection open(Path databaseFile) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + databaseFile);
    }

    static long count(Connection connection, String sql, Object... args) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                statement.setObject(i + 1, args[i]);
            }
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
