package io.hookrelay.http;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.handlers.BlockingHandler;
import io.undertow.server.handlers.GracefulShutdownHandler;
import io.undertow.util.Methods;
import java.net.InetSocketAddress;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * hookrelay's HTTP server: {@code /healthz}, {@code /readyz} and {@code /metrics} on Undertow, every
 * request timed into the same registry {@code /metrics} exports.
 *
 * <p>Every request is handled on a worker thread, never an IO thread: readiness and the pending gauges
 * query the database, and a blocked IO thread would stall every connection it serves. Constructing the
 * server does nothing; {@link #start()} binds the port.
 */
public final class HttpServer implements AutoCloseable {
    /** Webhook providers send modest headers; anything far larger is abuse, not a webhook. */
    static final int MAX_HEADER_BYTES = 32 * 1024;
    /** DESIGN §4: a source accepts at most 1 MiB by default; nothing this server takes is larger. */
    static final long MAX_ENTITY_BYTES = 1024 * 1024;
    private static final int REQUEST_PARSE_TIMEOUT_MS = 30_000;
    private static final int IDLE_CONNECTION_TIMEOUT_MS = 60_000;
    /** After the drain, how long a handler that is still running gets before its thread is interrupted. */
    private static final int WORKER_STOP_TIMEOUT_MS = 5_000;
    private static final Logger log = LoggerFactory.getLogger(HttpServer.class);

    private enum State { NEW, RUNNING, STOPPED }

    private final HttpServerSettings settings;
    private final PrometheusMeterRegistry registry;
    private final Router router;
    private State state = State.NEW;
    private GracefulShutdownHandler gate;
    private Undertow undertow;
    private volatile InetSocketAddress address;

    public HttpServer(HttpServerSettings settings, ReadinessCheck readiness, PrometheusMeterRegistry registry) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.registry = Objects.requireNonNull(registry, "registry");
        this.router = Router.builder()
                .route(Methods.GET, "/healthz", new HealthzHandler())
                .route(Methods.GET, "/readyz", new ReadyzHandler(readiness))
                .route(Methods.GET, "/metrics", new MetricsHandler(registry))
                .build();
    }

    /** Binds the port and starts answering; a server starts once. */
    public synchronized void start() {
        if (state != State.NEW) {
            throw new IllegalStateException("the HTTP server starts once; this one is " + state);
        }
        state = State.STOPPED; // until it has bound: a failed start is not retried on the same object
        gate = new GracefulShutdownHandler(new BlockingHandler(new ErrorBoundary(router)));
        undertow = Undertow.builder()
                .addHttpListener(settings.port(), settings.host())
                .setServerOption(UndertowOptions.MAX_HEADER_SIZE, MAX_HEADER_BYTES)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, MAX_ENTITY_BYTES)
                .setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, REQUEST_PARSE_TIMEOUT_MS)
                .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, IDLE_CONNECTION_TIMEOUT_MS)
                .setServerOption(UndertowOptions.SHUTDOWN_TIMEOUT, WORKER_STOP_TIMEOUT_MS)
                .setHandler(new RequestMetrics(registry, gate))
                .build();
        try {
            undertow.start();
        } catch (RuntimeException e) {
            // A failed start (port taken) may already have started worker threads that would outlive it.
            undertow.stop();
            throw e;
        }
        address = (InetSocketAddress) undertow.getListenerInfo().get(0).getAddress();
        state = State.RUNNING;
    }

    /** The address actually bound, which tells the port when the settings asked for port 0. */
    public InetSocketAddress address() {
        InetSocketAddress address = this.address;
        if (address == null) {
            throw new IllegalStateException("the HTTP server has not started");
        }
        return address;
    }

    /**
     * Stops taking requests (new ones get 503), lets those in flight finish for up to the drain time, then
     * closes every connection; a handler still running after that is interrupted a few seconds later, so
     * a stuck request cannot hold the process up forever. Safe to call more than once, and before
     * {@link #start()}.
     */
    @Override
    public synchronized void close() {
        if (state != State.RUNNING) {
            state = State.STOPPED;
            return;
        }
        state = State.STOPPED;
        gate.shutdown();
        try {
            if (!gate.awaitShutdown(settings.drain().toMillis())) {
                log.warn("requests still running after {}; closing their connections", settings.drain());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            undertow.stop();
        }
    }
}
