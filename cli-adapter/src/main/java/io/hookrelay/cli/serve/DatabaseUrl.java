package io.hookrelay.cli.serve;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The PostgreSQL database {@code --database} names, taken apart: what the JDBC driver is given as a URL
 * and what it is given as credentials. The password is kept for the driver and shown nowhere else: not by
 * {@link #toString()}, not in any error message, which is why none of them quotes the URL.
 *
 * @param params         the connection parameters after {@code ?}, in their order, for the driver; the user,
 *                       password and {@value #MAX_CONNECTIONS} are never among them
 * @param maxConnections the most connections this node keeps open, {@value #MAX_CONNECTIONS} in the URL (the
 *                       name pgx and River use): each node holds a pool, so their sum must fit the server's
 *                       {@code max_connections}
 */
public record DatabaseUrl(String host, int port, String database, String user, Optional<String> password,
                          Map<String, String> params, int maxConnections) {
    public static final int DEFAULT_PORT = 5432;
    public static final int DEFAULT_MAX_CONNECTIONS = 16;
    /** One connection listens for the other nodes' notices, so a pool needs a second one to do anything. */
    static final int FEWEST_CONNECTIONS = 2;
    static final int MOST_CONNECTIONS = 1_000;
    static final String MAX_CONNECTIONS = "pool_max_conns";
    static final String FORM = "postgresql://user:password@host:port/database";
    private static final String USER = "user";
    private static final String PASSWORD = "password";

    public DatabaseUrl {
        requireText(host, "host");
        if (port < 1 || port > ServeOptions.MAX_PORT) {
            throw malformed("has a port out of range (1 to " + ServeOptions.MAX_PORT + ")");
        }
        requireText(database, "database");
        requireText(user, "user");
        Objects.requireNonNull(password, "password");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(params, "params")));
        if (params.containsKey(USER) || params.containsKey(PASSWORD)) {
            throw malformed("gives the user or password among its parameters rather than as credentials");
        }
        if (params.containsKey(MAX_CONNECTIONS)) {
            throw new IllegalArgumentException(MAX_CONNECTIONS + " is the pool's setting, not the driver's");
        }
        if (maxConnections < FEWEST_CONNECTIONS || maxConnections > MOST_CONNECTIONS) {
            throw badMaxConnections();
        }
    }

    /**
     * Reads {@code postgresql://user:password@host:port/database?params}, also written {@code postgres://}
     * or {@code jdbc:postgresql://}. Characters such as {@code @}, {@code :} and {@code /} in the user or
     * password are percent-encoded; a JDBC URL may give them as the {@code user} and {@code password}
     * parameters instead. The port is {@value #DEFAULT_PORT} unless given.
     *
     * @throws IllegalArgumentException saying what is wrong, never quoting the URL
     */
    public static DatabaseUrl parse(String url) {
        String text = Objects.requireNonNull(url, "url").strip();
        if (text.regionMatches(true, 0, "jdbc:", 0, "jdbc:".length())) {
            text = text.substring("jdbc:".length());
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException | NumberFormatException e) {
            // The JDK's parser throws the latter for some IPv6 literals, quoting them.
            throw malformed("is not a URL");
        }
        String scheme = Objects.toString(uri.getScheme(), "").toLowerCase(Locale.ROOT);
        if (!scheme.equals("postgresql") && !scheme.equals("postgres")) {
            throw malformed("is not a postgresql:// URL");
        }
        if (uri.getHost() == null) {
            throw malformed("names no host, or more than one");
        }
        if (uri.getRawFragment() != null) {
            throw malformed("has a fragment (#)");
        }
        String path = Objects.toString(uri.getRawPath(), "");
        if (!path.startsWith("/") || path.length() == 1 || path.indexOf('/', 1) >= 0) {
            throw malformed("names no database, or more than one path segment");
        }
        Map<String, String> params = params(uri.getRawQuery());
        Optional<String> user = Optional.ofNullable(params.remove(USER));
        Optional<String> password = Optional.ofNullable(params.remove(PASSWORD));
        int maxConnections = maxConnections(params.remove(MAX_CONNECTIONS));
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            if (user.isPresent() || password.isPresent()) {
                throw malformed("gives the user or password twice, before the host and as a parameter");
            }
            int colon = userInfo.indexOf(':');
            user = Optional.of(decode(colon < 0 ? userInfo : userInfo.substring(0, colon)));
            password = colon < 0 ? Optional.empty() : Optional.of(decode(userInfo.substring(colon + 1)));
        }
        return new DatabaseUrl(uri.getHost(), uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(), decode(path.substring(1)),
                user.orElse(null), password, params, maxConnections);
    }

    private static int maxConnections(String given) {
        if (given == null) {
            return DEFAULT_MAX_CONNECTIONS;
        }
        try {
            return Integer.parseInt(given);
        } catch (NumberFormatException e) {
            throw badMaxConnections();
        }
    }

    private static IllegalArgumentException badMaxConnections() {
        return malformed("has a " + MAX_CONNECTIONS + " that is not a whole number from " + FEWEST_CONNECTIONS + " to "
                + MOST_CONNECTIONS);
    }

    /** The URL the JDBC driver connects to: everything but the credentials, which go separately. */
    public String jdbcUrl() {
        String query = params.entrySet().stream()
                .map(param -> encode(param.getKey()) + "=" + encode(param.getValue()))
                .collect(Collectors.joining("&"));
        return "jdbc:postgresql://" + host + ":" + port + "/" + encode(database) + (query.isEmpty() ? "" : "?" + query);
    }

    /** Everything but secrets: the password, and any parameter named like one, are shown as {@code (hidden)}. */
    @Override
    public String toString() {
        String query = params.entrySet().stream()
                .map(param -> param.getKey() + "=" + (isSecret(param.getKey()) ? "(hidden)" : param.getValue()))
                .collect(Collectors.joining("&"));
        String pool = maxConnections == DEFAULT_MAX_CONNECTIONS ? "" : (query.isEmpty() ? "" : "&") + MAX_CONNECTIONS + "=" + maxConnections;
        return "postgresql://" + user + password.map(secret -> ":(hidden)").orElse("") + "@" + host + ":" + port + "/" + database
                + (query.isEmpty() && pool.isEmpty() ? "" : "?" + query + pool);
    }

    private static boolean isSecret(String param) {
        return param.toLowerCase(Locale.ROOT).contains(PASSWORD);
    }

    private static Map<String, String> params(String rawQuery) {
        Map<String, String> params = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return params;
        }
        for (String pair : rawQuery.split("&", -1)) {
            int equals = pair.indexOf('=');
            String name = decode(equals < 0 ? pair : pair.substring(0, equals));
            if (name.isEmpty()) {
                throw malformed("has a parameter without a name");
            }
            if (params.put(name, equals < 0 ? "" : decode(pair.substring(equals + 1))) != null) {
                throw malformed("gives the parameter " + (isSecret(name) ? "(hidden)" : name) + " twice");
            }
        }
        return params;
    }

    /** Percent-decoding as URLs have it: a {@code +} is a plus, not a space. */
    private static String decode(String raw) {
        try {
            return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw malformed("has a % not followed by two hex digits");
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static void requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw malformed("names no " + what);
        }
    }

    private static IllegalArgumentException malformed(String problem) {
        return new IllegalArgumentException("the database URL " + problem + "; expected " + FORM);
    }
}
