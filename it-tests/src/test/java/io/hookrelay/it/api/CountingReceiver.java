package io.hookrelay.it.api;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A receiver on loopback that takes every delivery with {@code 204} and counts them, for a relay in a child
 * process: {@link io.hookrelay.it.support.Receiver} is started only through the in-process server.
 */
final class CountingReceiver implements AutoCloseable {
    private final HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    private CountingReceiver(HttpServer server) {
        this.server = server;
    }

    static CountingReceiver start() throws IOException {
        CountingReceiver receiver = new CountingReceiver(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
        receiver.server.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                body.transferTo(OutputStream.nullOutputStream());
            }
            receiver.requests.incrementAndGet();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.server.start();
        return receiver;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/webhooks";
    }

    int requestCount() {
        return requests.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
