package io.hookrelay.http;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.GracefulShutdownHandler;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.Options;

/**
 * hookrelay's HTTP server: {@code /healthz}, {@code /readyz} and {@code /metrics} on Undertow and, when given
 * {@link Endpoints}, those too (the relay's ingest endpoint and management API); every request timed into the same
 * registry {@code /metrics} exports.
 *
 * <p>A request is handled on a worker thread, not an IO thread: the API, readiness and the pending gauges use
 * the database, and a blocked IO thread would stall every connection it serves. The exceptions are those the
 * {@link Endpoints} say never block ({@link Endpoints#handledOnIoThread}), such as ingest on a store that commits
 * asynchronously, where handing over to a worker thread and back costs more than the work. No worker thread waits
 * on a client: bodies are read and answers written without blocking, the one by
 * {@link RequestBodies} before the endpoint runs, the other by Undertow's asynchronous sender after it
 * returns, so a client that stalls mid-body, or stops reading a large answer, holds its connection and no
 * thread, until the connection's read or write deadline ({@link HttpServerSettings#readDeadline()}) cuts it
 * off. Constructing the server does nothing; {@link #start()} binds the port.
 *
 * <p>A request head over one of the limits below, or one that is not well-formed HTTP (a malformed
 * percent-escape, a raw space or non-ASCII byte in the URL, two {@code Content-Length}s), is refused by
 * Undertow's parser before any handler runs, with a fixed {@code 400 Bad Request}, {@code Content-Length: 0}
 * and {@code Connection: close} that no handler can replace: never the API's JSON error, but never a 5xx.
 */
public final class HttpServer implements AutoCloseable {
    /** The request line and every header together. Webhook providers send modest heads; far larger is abuse, not a webhook. */
    static final int MAX_HEADER_BYTES = 32 * 1024;
    /** Providers send about twenty headers and proxies add a few; Tomcat's default of 100 leaves room for both. */
    static final int MAX_HEADERS = 100;
    /** The API takes at most five query parameters and ingest ignores them; a URL pasted into a provider carries a few. */
    static final int MAX_QUERY_PARAMETERS = 100;
    /**
     * Undertow checks a {@code Content-Length} against its server-wide entity limit while parsing and refuses
     * with a bare 400, so that limit is off: each endpoint reads its body with its own limit and answers
     * {@code 413} in the API's shape ({@link ApiRequest#body}).
     */
    private static final long NO_SERVER_WIDE_ENTITY_LIMIT = -1;
    /**
     * A request thread may wait for the database, and a webhook's for its commit where ingest is not on the I/O
     * thread; Undertow's default of eight per I/O thread capped how many webhooks could share one commit
     * (docs/benchmarks.md, "Figures that were code comments").
     */
    public static final int REQUEST_THREADS = 64;
    /** After the drain, how long a handler that is still running gets before its thread is interrupted. */
    private static final int WORKER_STOP_TIMEOUT_MS = 5_000;
    private static final Logger log = LoggerFactory.getLogger(HttpServer.class);

    private enum State { NEW, RUNNING, STOPPED }

    private final HttpServerSettings settings;
    private final PrometheusMeterRegistry registry;
    private final HttpHandler root;
    private final Predicate<HttpServerExchange> handledOnIoThread;
    private final RequestBodies bodies = new RequestBodies(new BodyBudget(BodyBudget.DEFAULT_BYTES));
    private State state = State.NEW;
    private GracefulShutdownHandler gate;
    private Undertow undertow;
    private volatile InetSocketAddress address;

    /** The operational endpoints only: health, readiness and metrics. */
    public HttpServer(HttpServerSettings settings, ReadinessCheck readiness, PrometheusMeterRegistry registry) {
        this(settings, readiness, registry, Optional.empty());
    }

    /** The operational endpoints and {@code endpoints}, such as the relay's API. */
    public HttpServer(HttpServerSettings settings, ReadinessCheck readiness, PrometheusMeterRegistry registry, Endpoints endpoints) {
        this(settings, readiness, registry, Optional.of(endpoints));
    }

    private HttpServer(HttpServerSettings settings, ReadinessCheck readiness, PrometheusMeterRegistry registry,
                       Optional<Endpoints> endpoints) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.registry = Objects.requireNonNull(registry, "registry");
        Routes routes = new Routes();
        new Probes(readiness, registry).addTo(routes);
        endpoints.ifPresent(served -> served.addTo(routes, bodies));
        this.root = endpoints.map(served -> served.inFrontOf(routes)).orElse(routes);
        this.handledOnIoThread = endpoints.<Predicate<HttpServerExchange>>map(served -> served::handledOnIoThread)
                .orElse(exchange -> false);
    }

    /** Binds the port and starts answering; a server starts once. */
    public synchronized void start() {
        if (state != State.NEW) {
            throw new IllegalStateException("the HTTP server starts once; this one is " + state);
        }
        state = State.STOPPED; // until it has bound: a failed start is not retried on the same object
        int readDeadlineMillis = (int) settings.readDeadline().toMillis();
        HttpHandler handling = new ErrorBoundary(new TransferCodingCheck(root));
        gate = new GracefulShutdownHandler(new StrictChunkedBodies(exchange -> {
            if (handledOnIoThread.test(exchange)) {
                handling.handleRequest(exchange);
            } else {
                exchange.dispatch(handling);
            }
        }));
        undertow = Undertow.builder()
                .addHttpListener(settings.port(), settings.host())
                .setWorkerThreads(REQUEST_THREADS)
                .setServerOption(UndertowOptions.MAX_HEADER_SIZE, MAX_HEADER_BYTES)
                .setServerOption(UndertowOptions.MAX_HEADERS, MAX_HEADERS)
                .setServerOption(UndertowOptions.MAX_PARAMETERS, MAX_QUERY_PARAMETERS)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, NO_SERVER_WIDE_ENTITY_LIMIT)
                // Otherwise a cookie's value ends at its first '=', and "<session>=anything" reads as the session.
                .setServerOption(UndertowOptions.ALLOW_EQUALS_IN_COOKIE_VALUE, true)
                // XNIO's read timeout is an idle one, re-armed by every byte read: mid-body, mid-head and between
                // requests alike. The parse timeout bounds a head that trickles in a byte at a time.
                .setSocketOption(Options.READ_TIMEOUT, readDeadlineMillis)
                .setSocketOption(Options.WRITE_TIMEOUT, readDeadlineMillis)
                .setServerOption(UndertowOptions.REQUEST_PARSE_TIMEOUT, readDeadlineMillis)
                .setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, readDeadlineMillis)
                .setServerOption(UndertowOptions.SHUTDOWN_TIMEOUT, WORKER_STOP_TIMEOUT_MS)
                .setHandler(new RequestMetrics(registry, exchange -> {
                    exchange.setMaxEntitySize(RequestBodies.DISCARD_LIMIT);
                    gate.handleRequest(exchange);
                }))
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
