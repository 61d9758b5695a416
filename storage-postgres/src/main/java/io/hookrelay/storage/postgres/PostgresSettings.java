package io.hookrelay.storage.postgres;

import java.util.Objects;
import java.util.Optional;

/**
 * How to reach the database. The password and the URL's parameters (which may hold another, such as
 * {@code sslpassword}) are kept out of {@link #toString()}, so a settings object that ends up in a log line or
 * an exception message gives nothing away.
 *
 * @param jdbcUrl  a {@code jdbc:postgresql:} URL without credentials
 * @param poolSize connections this process keeps open at most
 */
public record PostgresSettings(String jdbcUrl, String user, Optional<String> password, int poolSize) {
    public static final int DEFAULT_POOL_SIZE = 16;

    public PostgresSettings {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("not a PostgreSQL JDBC URL: " + jdbcUrl);
        }
        if (poolSize < 2) {
            throw new IllegalArgumentException("pool size must be at least 2, one for listening: " + poolSize);
        }
    }

    public PostgresSettings(String jdbcUrl, String user, Optional<String> password) {
        this(jdbcUrl, user, password, DEFAULT_POOL_SIZE);
    }

    @Override
    public String toString() {
        int parameters = jdbcUrl.indexOf('?');
        String withoutParameters = parameters < 0 ? jdbcUrl : jdbcUrl.substring(0, parameters) + "?(parameters hidden)";
        return "PostgresSettings[jdbcUrl=" + withoutParameters + ", user=" + user + ", password=" + password.map(p -> "***").orElse("none")
                + ", poolSize=" + poolSize + "]";
    }
}
