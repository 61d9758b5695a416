package io.hookrelay.it.api;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A webhook receiver on loopback that answers every request {@code 200} and keeps the bodies it received. */
public final class LoopbackReceiver implements AutoCloseable {
    private final HttpServer server;
    private final List<byte[]> bodies = new CopyOnWriteArrayList<>();

    private LoopbackReceiver(HttpServer server) {
        this.server = server;
    }

    public static LoopbackReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            LoopbackReceiver receiver = new LoopbackReceiver(server);
            server.createContext("/", exchange -> {
                try (exchange) {
                    receiver.bodies.add(exchange.getRequestBody().readAllBytes());
                    exchange.sendResponseHeaders(200, -1);
                }
            });
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where a target should send its deliveries. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    /** The bodies of the requests received so far, in the order they arrived. */
    public List<byte[]> bodies() {
        return List.copyOf(bodies);
    }

    /**
     * A URL on which nothing listens: a port the OS just handed out and took back. Requests to it fail with
     * a refused connection.
     */
    public static String unreachableUrl() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
