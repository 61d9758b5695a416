package io.hookrelay.storage.postgres.testing;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * The PostgreSQL server the tests of this JVM use, found once: the one {@code HOOKRELAY_TEST_PG_URL} names
 * when it is set, else a container when a container engine runs, else the local server on
 * {@code 127.0.0.1:5432} (user {@code postgres}, trust authentication). A test that needs PostgreSQL and
 * finds none fails with one line saying how to provide one; it is never skipped.
 *
 * @param jdbcUrl the server's maintenance database, where test databases are created and dropped
 */
public record PostgresTestServer(String host, int port, String user, Optional<String> password, String jdbcUrl) {
    public static final String URL_VARIABLE = "HOOKRELAY_TEST_PG_URL";
    static final String DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

    private static PostgresTestServer found;

    /** @throws IllegalStateException when no server can be reached */
    public static synchronized PostgresTestServer get() {
        if (found == null) {
            found = find();
        }
        return found;
    }

    private static PostgresTestServer find() {
        String configured = System.getenv(URL_VARIABLE);
        if (configured == null && DockerClientFactory.instance().isDockerAvailable()) {
            return fromContainer();
        }
        String url = configured == null ? DEFAULT_URL : configured;
        PostgresTestServer server = parse(url);
        try (Connection ignored = server.connect(server.jdbcUrl)) {
            return server;
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL tests need a server and none answers at " + server.host + ":"
                    + server.port + " (" + e.getMessage() + "): start one there (user postgres, trust authentication), "
                    + "or set " + URL_VARIABLE + "=postgresql://user:password@host:port/database, or run a container engine");
        }
    }

    @SuppressWarnings("resource") // lives as long as the JVM; Testcontainers' reaper removes it afterwards
    private static PostgresTestServer fromContainer() {
        PostgreSQLContainer<?> container = new PostgreSQLContainer<>("postgres:15");
        container.start();
        return new PostgresTestServer(container.getHost(), container.getFirstMappedPort(), container.getUsername(),
                Optional.of(container.getPassword()), container.getJdbcUrl());
    }

    /** Reads {@code postgresql://user[:password]@host[:port]/database}. */
    static PostgresTestServer parse(String url) {
        URI uri = URI.create(url.startsWith("jdbc:") ? url.substring("jdbc:".length()) : url);
        if (!"postgresql".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalStateException(URL_VARIABLE + " must look like postgresql://user:password@host:port/database");
        }
        String userInfo = Optional.ofNullable(uri.getUserInfo()).orElse("postgres");
        int colon = userInfo.indexOf(':');
        String user = colon < 0 ? userInfo : userInfo.substring(0, colon);
        Optional<String> password = colon < 0 ? Optional.empty() : Optional.of(userInfo.substring(colon + 1));
        int port = uri.getPort() < 0 ? 5432 : uri.getPort();
        String database = uri.getPath() == null || uri.getPath().length() <= 1 ? "postgres" : uri.getPath().substring(1);
        return new PostgresTestServer(uri.getHost(), port, user, password, jdbcUrl(uri.getHost(), port, database));
    }

    static String jdbcUrl(String host, int port, String database) {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    Connection connect(String url) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        password.ifPresent(value -> properties.setProperty("password", value));
        properties.setProperty("connectTimeout", "5");
        return DriverManager.getConnection(url, properties);
    }

    @Override
    public String toString() {
        return "PostgresTestServer[" + host + ":" + port + ", user " + user + "]";
    }
}
