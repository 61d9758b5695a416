package io.hookrelay.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A loopback port that refuses connections for as long as this is open: bound, so no other program on the
 * machine can start listening on it meanwhile (tests of other builds run alongside), but never listening, so
 * every connection attempt is answered with a reset.
 */
public final class RefusingPort implements AutoCloseable {
    private final Socket bound;

    private RefusingPort(Socket bound) {
        this.bound = bound;
    }

    public static RefusingPort open() {
        try {
            Socket socket = new Socket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return new RefusingPort(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A URL on this port: every request to it fails with a refused connection. */
    public String url() {
        return "http://127.0.0.1:" + bound.getLocalPort();
    }

    @Override
    public void close() {
        try {
            bound.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
