package io.hookrelay.bench;

import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import io.undertow.util.Headers;
import java.net.InetSocketAddress;

/**
 * The ingest figure's ceiling on this machine: an Undertow server that reads each request's body on one of 64
 * request threads and answers {@code 202} with a short JSON body, doing nothing else. It is threaded as the
 * relay is (Undertow's I/O threads hand each request to a blocking request thread), runs in the benchmark's
 * JVM, and shares the two cores with the same load generator, so its rate is what the load generator and an
 * HTTP server's request handling alone leave room for: the relay, which also stores each event durably, cannot
 * exceed it.
 */
final class BareHttp implements AutoCloseable {
    /** As many as the relay's HTTP server has. */
    static final int REQUEST_THREADS = 64;

    private final Undertow server;

    private BareHttp(Undertow server) {
        this.server = server;
    }

    static BareHttp start() {
        HttpHandler accept = exchange -> {
            exchange.getInputStream().readAllBytes();
            exchange.setStatusCode(202);
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
            exchange.getResponseSender().send("{\"id\":\"evt_00000000000000000000000000000000\"}");
        };
        Undertow server = Undertow.builder()
                .addHttpListener(0, "127.0.0.1")
                .setWorkerThreads(REQUEST_THREADS)
                .setHandler(new BlockingHandler(accept))
                .build();
        server.start();
        return new BareHttp(server);
    }

    int port() {
        return ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    }

    @Override
    public void close() {
        server.stop();
    }
}
