package io.hookrelay.storage.postgres.testing;

import io.hookrelay.storage.postgres.PostgresSettings;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
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

    private PostgresSettings settings(String jdbcUrl) {
        return new PostgresSettings(jdbcUrl, server.user(), server.password());
    }

    private void execute(String url, String sql) throws SQLException {
        try (Connection connection = server.connect(url); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
