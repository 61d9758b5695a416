package io.hookrelay.bench;

import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.testing.PostgresTestServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;

/**
 * A database of its own on the server the PostgreSQL tests use ({@link PostgresTestServer}), created for one
 * measurement and dropped when closed, so no figure reads rows another left behind and a run leaves nothing.
 */
final class PostgresBenchDatabase implements AutoCloseable {
    private final PostgresTestServer server;
    private final String name;

    private PostgresBenchDatabase(PostgresTestServer server, String name) {
        this.server = server;
        this.name = name;
    }

    /** @param purpose a few lowercase letters naming the measurement, part of the database's name */
    static PostgresBenchDatabase create(String purpose) throws SQLException {
        PostgresTestServer server = PostgresTestServer.get();
        String name = ("hookrelay_bench_" + purpose + "_" + UUID.randomUUID().toString().substring(0, 8)).toLowerCase(Locale.ROOT);
        execute(server, server.jdbcUrl(), "CREATE DATABASE " + name);
        return new PostgresBenchDatabase(server, name);
    }

    /** The settings a store in this JVM opens it with; {@code poolSize} connections at most. */
    PostgresSettings settings(int poolSize) {
        return new PostgresSettings(jdbcUrl(), server.user(), server.password(), poolSize);
    }

    PostgresSettings settings() {
        return new PostgresSettings(jdbcUrl(), server.user(), server.password());
    }

    String jdbcUrl() {
        return "jdbc:postgresql://" + server.host() + ":" + server.port() + "/" + name;
    }

    /** As {@code serve --database} takes it: {@code postgresql://user[:password]@host:port/database}. */
    String url() {
        String credentials = server.user() + server.password().map(password -> ":" + password).orElse("");
        return "postgresql://" + credentials + "@" + server.host() + ":" + server.port() + "/" + name;
    }

    String user() {
        return server.user();
    }

    Optional<String> password() {
        return server.password();
    }

    Connection connect() throws SQLException {
        return connect(server, jdbcUrl());
    }

    /** The server's version, for the run's description. */
    String serverVersion() throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SHOW server_version")) {
            result.next();
            return result.getString(1);
        }
    }

    /** One statement on this database: {@code ANALYZE}, or the DDL of a peer's table. */
    void execute(String sql) throws SQLException {
        execute(server, jdbcUrl(), sql);
    }

    @Override
    public void close() throws SQLException {
        execute(server, server.jdbcUrl(), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private static void execute(PostgresTestServer server, String url, String sql) throws SQLException {
        try (Connection connection = connect(server, url); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static Connection connect(PostgresTestServer server, String url) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", server.user());
        server.password().ifPresent(password -> properties.setProperty("password", password));
        return DriverManager.getConnection(url, properties);
    }
}
