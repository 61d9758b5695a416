package io.hookrelay.http;

import java.time.Duration;
import java.util.Objects;

/**
 * Where the server listens and how long a stop waits for requests in flight.
 *
 * @param port  0 lets the operating system pick a free port; {@link HttpServer#address()} tells which
 * @param drain how long {@link HttpServer#close()} lets running requests finish before closing anyway
 */
public record HttpServerSettings(String host, int port, Duration drain) {
    public static final Duration DEFAULT_DRAIN = Duration.ofSeconds(10);

    public HttpServerSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(drain, "drain");
        if (host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
        }
        if (drain.isNegative()) {
            throw new IllegalArgumentException("drain must not be negative");
        }
    }

    public static HttpServerSettings of(String host, int port) {
        return new HttpServerSettings(host, port, DEFAULT_DRAIN);
    }
}
