package io.hookrelay.storage.postgres.testing;

import io.hookrelay.storage.postgres.PostgresSettings;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A database of its own for one test class, created before its first test and dropped after its last:
 * register it as a {@code static} field with {@code @RegisterExtension}. Tests that each need empty tables
 * take a {@link #freshSchema()}, which costs a schema rather than a database.
 *
 * <p>JUnit calls the callbacks again for each {@code @Nested} class of the one that registered it; those
 * share the outer class's database, which is dropped when the outer class ends.
 */
public final class PostgresTestDatabase implements BeforeAllCallback, AfterAllCallback {
    private final AtomicInteger schemas = new AtomicInteger();
    /** How many classes, the registering one and its nested ones, have begun and not yet ended. */
    private int classesUnderWay;
    private PostgresTestServer server;
    private String name;

    @Override
    public void beforeAll(ExtensionContext context) throws SQLException {
        if (classesUnderWay++ > 0) {
            return;
        }
        server = PostgresTestServer.get();
        name = ("hookrelay_" + context.getRequiredTestClass().getSimpleName() + "_"
                + UUID.randomUUID().toString().substring(0, 8)).toLowerCase(Locale.ROOT);
        if (name.length() > 63) {
            name = name.substring(name.length() - 63);
        }
        execute(server.jdbcUrl(), "CREATE DATABASE " + name);
    }

    @Override
    public void afterAll(ExtensionContext context) throws SQLException {
        if (--classesUnderWay == 0 && name != null) {
            execute(server.jdbcUrl(), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
    }

    /** The class's database, in its default schema. */
    public PostgresSettings settings() {
        return settings(jdbcUrl());
    }

    /** A new empty schema in the class's database, reached through the settings' URL. */
    public PostgresSettings freshSchema() throws SQLException {
        String schema = "test_" + schemas.incrementAndGet();
        execute(jdbcUrl(), "CREATE SCHEMA " + schema);
        return settings(jdbcUrl() + "?currentSchema=" + schema);
    }

    /** The class's database as {@code postgresql://user[:password]@host:port/database}, for child processes. */
    public String url() {
        String credentials = server.user() + server.password().map(password -> ":" + password).orElse("");
        return "postgresql://" + credentials + "@" + server.host() + ":" + server.port() + "/" + name;
    }

    public String jdbcUrl() {
        return PostgresTestServer.jdbcUrl(server.host(), server.port(), name);
    }

    /** Runs one statement on the class's database, for a test that sets up or inspects it directly. */
    public void execute(String sql) throws SQLException {
        execute(jdbcUrl(), sql);
    }

    /** Every row {@code sql} answers on the class's database, its columns as text joined by spaces. */
    public List<String> rowsAsText(String sql) throws SQLException {
        try (Connection connection = server.connect(jdbcUrl()); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            List<String> texts = new ArrayList<>();
            int columns = rows.getMetaData().getColumnCount();
            while (rows.next()) {
                StringJoiner row = new StringJoiner(" ");
                for (int column = 1; column <= columns; column++) {
                    row.add(String.valueOf(rows.getString(column)));
                }
                texts.add(row.toString());
            }
            return texts;
        }
    }

    private PostgresSettings settings(String jdbcUrl) {
        return new PostgresSettings(jdbcUrl, server.user(), server.password());
    }

    private void execute(String url, String sql) throws SQLException {
        try (Connection connection = server.connect(url); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
