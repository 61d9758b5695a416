package io.hookrelay.cli;

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
 * @param params the connection parameters after {@code ?}, in their order, for the driver; the user and
 *               password are never among them
 */
public record DatabaseUrl(String host, int port, String database, String user, Optional<String> password,
                          Map<String, String> params) {
    public static final int DEFAULT_PORT = 5432;
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
        } catch (URISyntaxException e) {
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
                user.orElse(null), password, params);
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
        return "postgresql://" + user + password.map(secret -> ":(hidden)").orElse("") + "@" + host + ":" + port + "/" + database
                + (query.isEmpty() ? "" : "?" + query);
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
