package io.hookrelay.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder on loopback in front of one server, so a test can cut its clients off from it without
 * touching the server itself: {@link #refuseNew()} closes the listening port (new connections are refused),
 * {@link #dropAll()} closes every forwarded connection, {@link #accept()} listens on the same port again, and
 * {@link #freeze()} holds every byte in both directions, connections left open, until {@link #thaw()}. Two threads per
 * connection, one for each direction: a handful of connections, as a connection pool holds, costs little.
 */
public final class TcpProxy implements AutoCloseable {
    private final InetSocketAddress upstream;
    private final int port;
    /** Each forwarded connection's upstream socket, by its client socket. */
    private final Map<Socket, Socket> connections = new ConcurrentHashMap<>();
    private ServerSocket listening;
    /** Guards {@link #frozen}. */
    private final Object gate = new Object();
    private boolean frozen;

    private TcpProxy(InetSocketAddress upstream, ServerSocket listening) {
        this.upstream = upstream;
        this.listening = listening;
        this.port = listening.getLocalPort();
    }

    /** Starts forwarding connections to a free loopback port to {@code upstream}. */
    public static TcpProxy start(InetSocketAddress upstream) {
        Objects.requireNonNull(upstream, "upstream");
        TcpProxy proxy = new TcpProxy(upstream, bind(0));
        proxy.acceptOn(proxy.listening);
        return proxy;
    }

    /** The loopback port clients connect to. */
    public int port() {
        return port;
    }

    /** The local ports of the connections to the upstream server now open: how the server sees this proxy's clients. */
    public Set<Integer> upstreamPorts() {
        return Set.copyOf(connections.values().stream().map(Socket::getLocalPort).filter(local -> local > 0).toList());
    }

    /** Stops listening, so new connections are refused; those open stay open. */
    public synchronized void refuseNew() {
        closeQuietly(listening);
    }

    /** Closes every forwarded connection, as a failed network or server ends them for its clients. */
    public void dropAll() {
        List.copyOf(connections.keySet()).forEach(this::drop);
    }

    /**
     * Holds what either side sends, on open connections and new ones alike, as a network that drops every packet
     * does for its clients: nothing is refused or closed, nothing arrives.
     */
    public void freeze() {
        synchronized (gate) {
            frozen = true;
        }
    }

    /** Passes on what {@link #freeze()} held, and everything after it. */
    public void thaw() {
        synchronized (gate) {
            frozen = false;
            gate.notifyAll();
        }
    }

    /** Listens on the same port again after {@link #refuseNew()}. */
    public synchronized void accept() {
        if (!listening.isClosed()) {
            return;
        }
        listening = bind(port);
        acceptOn(listening);
    }

    @Override
    public void close() {
        refuseNew();
        dropAll();
    }

    private static ServerSocket bind(int port) {
        try {
            ServerSocket socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void acceptOn(ServerSocket socket) {
        daemon("tcp-proxy-accept-" + port, () -> {
            while (!socket.isClosed()) {
                try {
                    forward(socket.accept());
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    private void forward(Socket client) {
        Socket server = new Socket();
        connections.put(client, server);
        try {
            server.connect(upstream, 5_000);
        } catch (IOException e) {
            drop(client);
            return;
        }
        daemon("tcp-proxy-up-" + client.getPort(), () -> pump(client, server, client));
        daemon("tcp-proxy-down-" + client.getPort(), () -> pump(server, client, client));
    }

    /** Copies {@code from} to {@code to} until either ends, then closes the whole connection. */
    private void pump(Socket from, Socket to, Socket client) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                awaitThawed();
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException ended) {
            // One side closed or was dropped: the connection is over either way.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            drop(client);
        }
    }

    private void awaitThawed() throws InterruptedException {
        synchronized (gate) {
            while (frozen) {
                gate.wait();
            }
        }
    }

    private void drop(Socket client) {
        Socket server = connections.remove(client);
        closeQuietly(client);
        if (server != null) {
            closeQuietly(server);
        }
    }

    private static void daemon(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // Already closed or broken: closed is all that is wanted.
        }
    }
}
