package io.hookrelay.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A receiver that takes every connection and reads what comes, but never answers: a target that hangs. It
 * counts connections the way the target's host would, from accept until the client closes them, so a test can
 * tell how many a relay had open to it at once.
 */
public final class HangingReceiver implements AutoCloseable {
    private static final String PATH = "/hook";

    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger mostOpen = new AtomicInteger();

    private HangingReceiver(ServerSocket server) {
        this.server = server;
    }

    public static HangingReceiver start() {
        try {
            HangingReceiver receiver = new HangingReceiver(new ServerSocket(0, 512, InetAddress.getLoopbackAddress()));
            receiver.threads.execute(receiver::acceptAll);
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + PATH;
    }

    /** Connections taken so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Connections the client has not closed yet. */
    public int openNow() {
        return open.get();
    }

    /** The most connections open at the same moment. */
    public int mostOpenAtOnce() {
        return mostOpen.get();
    }

    private void acceptAll() {
        while (!server.isClosed()) {
            try {
                Socket connection = server.accept();
                connections.add(connection);
                accepted.incrementAndGet();
                mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
                threads.execute(() -> readUntilClosed(connection));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void readUntilClosed(Socket connection) {
        byte[] buffer = new byte[8192];
        try (connection; InputStream in = connection.getInputStream()) {
            while (in.read(buffer) >= 0) {
                // Read and drop: the request is taken, and never answered.
            }
        } catch (IOException gone) {
            // Closed by the client, or by close(): either way no longer open.
        } finally {
            connections.remove(connection);
            open.decrementAndGet();
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // Closing is best effort; the connections below are closed either way.
        }
        connections.forEach(connection -> {
            try {
                connection.close();
            } catch (IOException ignored) {
                // Already gone.
            }
        });
        threads.shutdownNow();
    }
}
