package io.hookrelay.bench;

import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import io.undertow.util.Headers;
import java.net.InetSocketAddress;

/**
 * The ingest figure's ceiling on this machine: an Undertow server that answers each request {@code 202} with a
 * short JSON body and does nothing else. It runs in the benchmark's JVM and shares the two cores with the same
 * load generator, so its rate is what the load generator and HTTP alone leave room for: the relay, which also
 * stores each event durably, cannot answer faster when threaded the same way.
 */
final class BareHttp implements AutoCloseable {
    /** As many as the relay's HTTP server has. */
    static final int REQUEST_THREADS = 64;

    /** Where the answer is made. */
    enum Threading {
        /** As the relay does: the I/O thread hands the request to a request thread, which reads the body and answers. */
        REQUEST_THREADS("on " + BareHttp.REQUEST_THREADS + " request threads"),
        /** The least any HTTP server on Undertow could spend: the I/O thread answers and the body is never read. */
        IO_THREADS("on its I/O threads, body unread");

        final String label;

        Threading(String label) {
            this.label = label;
        }
    }

    private final Undertow server;

    private BareHttp(Undertow server) {
        this.server = server;
    }

    static BareHttp start(Threading threading) {
        HttpHandler answer = exchange -> {
            exchange.setStatusCode(202);
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
            exchange.getResponseSender().send("{\"id\":\"evt_00000000000000000000000000\"}");
        };
        HttpHandler handler = threading == Threading.IO_THREADS ? answer : new BlockingHandler(exchange -> {
            exchange.getInputStream().readAllBytes();
            answer.handleRequest(exchange);
        });
        Undertow server = Undertow.builder()
                .addHttpListener(0, "127.0.0.1")
                .setWorkerThreads(REQUEST_THREADS)
                .setHandler(handler)
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
