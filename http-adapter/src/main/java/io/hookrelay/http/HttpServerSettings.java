package io.hookrelay.http;

import java.time.Duration;
import java.util.Objects;

/**
 * Where the server listens, how long it waits for a client, and how long a stop waits for requests in flight.
 *
 * @param port         0 lets the operating system pick a free port; {@link HttpServer#address()} tells which
 * @param drain        how long {@link HttpServer#close()} lets running requests finish before closing anyway
 * @param readDeadline how long a client may send nothing, mid-head, mid-body or between requests, before its
 *                     connection is closed (DESIGN §5); also the most a request head may take as a whole
 */
public record HttpServerSettings(String host, int port, Duration drain, Duration readDeadline) {
    public static final Duration DEFAULT_DRAIN = Duration.ofSeconds(10);
    public static final Duration DEFAULT_READ_DEADLINE = Duration.ofSeconds(30);

    public HttpServerSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(drain, "drain");
        Objects.requireNonNull(readDeadline, "readDeadline");
        if (host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
        }
        if (drain.isNegative()) {
            throw new IllegalArgumentException("drain must not be negative");
        }
        if (readDeadline.compareTo(Duration.ofMillis(1)) < 0 || readDeadline.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the read deadline must be between 1 ms and " + Integer.MAX_VALUE + " ms");
        }
    }

    public static HttpServerSettings of(String host, int port) {
        return new HttpServerSettings(host, port, DEFAULT_DRAIN, DEFAULT_READ_DEADLINE);
    }

    /** The same settings with another read deadline: tests of stalled clients need not wait the default. */
    public HttpServerSettings withReadDeadline(Duration deadline) {
        return new HttpServerSettings(host, port, drain, deadline);
    }
}
