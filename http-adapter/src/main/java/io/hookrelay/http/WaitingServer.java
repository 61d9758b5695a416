package io.hookrelay.http;

import io.undertow.Undertow;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * What answers on the server's port while the process cannot start yet and waits for something that passes (a
 * full disk freed): {@code /healthz} says the process is up, {@code /readyz} and everything else answer
 * {@code 503} with why and a {@code Retry-After}. A process that exited instead would be restarted by its
 * supervisor into the same failure, again and again, telling no one why on the port it is watched on.
 */
public final class WaitingServer implements AutoCloseable {
    static final String RETRY_AFTER_SECONDS = "5";

    private final Undertow undertow;
    private final int port;

    private WaitingServer(Undertow undertow, int port) {
        this.undertow = undertow;
        this.port = port;
    }

    /** Listens on {@code host:port} ({@code 0} for any free port), answering with {@code reason} until closed. */
    public static WaitingServer start(String host, int port, String reason) {
        Objects.requireNonNull(reason, "reason");
        Undertow undertow = Undertow.builder()
                .addHttpListener(port, host)
                .setIoThreads(1)
                .setWorkerThreads(1)
                .setHandler(exchange -> answer(exchange, reason))
                .build();
        undertow.start();
        int bound = ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
        return new WaitingServer(undertow, bound);
    }

    /** The port it listens on: the one asked for, or the one chosen for {@code 0}. */
    public int port() {
        return port;
    }

    private static void answer(HttpServerExchange exchange, String reason) {
        if (exchange.getRequestPath().equals("/healthz")) {
            Probes.healthz(exchange);
        } else if (exchange.getRequestPath().equals("/readyz")) {
            Probes.notReady(exchange, reason);
        } else {
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, RETRY_AFTER_SECONDS);
            JsonResponses.error(exchange, StatusCodes.SERVICE_UNAVAILABLE, "unavailable", reason);
        }
    }

    @Override
    public void close() {
        undertow.stop();
    }
}
