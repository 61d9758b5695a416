package io.hookrelay.it.faults;

import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A webhook receiver written on a bare {@link ServerSocket}, so that it can misbehave in ways a server library
 * would not let it: stall, trickle, reset, answer without end. It reads each request in full, hands the
 * connection to its {@link Script}, and records what became of the exchange, including how much of its
 * answer it got out before the relay hung up — the relay's side of a bounded read is the receiver's side of a
 * write that fails.
 *
 * <p>One request per connection: every answer says {@code Connection: close}, so each attempt of the relay is
 * one connection here, and counting connections counts attempts.
 */
final class RawReceiver implements AutoCloseable {
    static final String PATH = "/hooks";
    private static final int LONGEST_REQUEST_HEAD = 64 * 1024;

    private final ServerSocket server;
    private final Script script;
    private final ExecutorService threads = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "raw-receiver");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Exchange> exchanges = new CopyOnWriteArrayList<>();
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile boolean closing;

    /** A request as it arrived: header names lower-cased. */
    record Request(String requestLine, Map<String, String> headers, byte[] body) {
        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
        }
    }

    /** How an exchange ended. */
    enum Ending {
        /** The script wrote its whole answer and closed the connection. */
        ANSWERED,
        /** The relay closed the connection first: a write failed, or a read saw the end of the stream. */
        RELAY_HUNG_UP,
        /** The script reset the connection. */
        RESET,
        /** The receiver was closed while the exchange was still going: a test that did not wait for it. */
        ABANDONED
    }

    private RawReceiver(ServerSocket server, Script script) {
        this.server = server;
        this.script = script;
    }

    static RawReceiver start(Script script) {
        try {
            RawReceiver receiver = new RawReceiver(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), script);
            receiver.threads.execute(receiver::acceptConnections);
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + PATH;
    }

    /** Every exchange so far, in order of arrival, each as it stands now. */
    List<Exchange> exchanges() {
        return List.copyOf(exchanges);
    }

    /** Waits until {@code count} exchanges have arrived and all have ended, then returns them. */
    List<Exchange> awaitEnded(int count) throws InterruptedException {
        Await.until(count + " ended exchanges at " + url(), RelayServer.WAIT,
                () -> exchanges.size() >= count && exchanges.stream().allMatch(exchange -> exchange.ending().isPresent()));
        return exchanges();
    }

    @Override
    public void close() {
        closing = true;
        try {
            server.close();
            for (Socket socket : open) {
                socket.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            threads.shutdownNow();
        }
    }

    private void acceptConnections() {
        while (!closing) {
            try {
                Socket socket = server.accept();
                open.add(socket);
                threads.execute(() -> serve(socket));
            } catch (IOException e) {
                if (!closing) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            Exchange exchange = new Exchange(read(socket.getInputStream()), Instant.now());
            exchanges.add(exchange);
            Ending ending;
            try {
                ending = script.play(exchange, new ScriptedConnection(socket, exchange));
            } catch (IOException relayHungUp) {
                ending = closing ? Ending.ABANDONED : Ending.RELAY_HUNG_UP;
            }
            exchange.end(ending);
        } catch (IOException unreadable) {
            // The relay never got a whole request out; nothing to record, and the attempt fails on its side.
        } finally {
            open.remove(socket);
        }
    }

    /** The request head up to its blank line, then exactly {@code Content-Length} bytes of body. */
    private static Request read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] blankLine = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        while (matched < blankLine.length) {
            int next = in.read();
            if (next < 0 || head.size() >= LONGEST_REQUEST_HEAD) {
                throw new IOException("no whole request head");
            }
            head.write(next);
            matched = next == blankLine[matched] ? matched + 1 : (next == blankLine[0] ? 1 : 0);
        }
        List<String> lines = new ArrayList<>(List.of(head.toString(StandardCharsets.ISO_8859_1).split("\r\n")));
        String requestLine = lines.remove(0);
        Map<String, String> headers = new TreeMap<>();
        for (String line : lines) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            throw new IOException("the request body ended early");
        }
        return new Request(requestLine, headers, body);
    }

    /** One connection's exchange: the request, and what became of the answer, updated while the script plays. */
    static final class Exchange {
        private final Request request;
        private final Instant arrivedAt;
        private volatile Instant answerStartedAt;
        private volatile long bytesWritten;
        private volatile Ending ending;

        private Exchange(Request request, Instant arrivedAt) {
            this.request = request;
            this.arrivedAt = arrivedAt;
        }

        Request request() {
            return request;
        }

        /** When the request had arrived in full, by the wall clock the relay's times are also in. */
        Instant arrivedAt() {
            return arrivedAt;
        }

        /**
         * When the receiver began to write its answer, if it did: taken before the first byte leaves, so the
         * relay cannot have read any of the answer earlier.
         */
        Optional<Instant> answerStartedAt() {
            return Optional.ofNullable(answerStartedAt);
        }

        /** Bytes of the answer (head and body) written before the exchange ended. */
        long bytesWritten() {
            return bytesWritten;
        }

        Optional<Ending> ending() {
            return Optional.ofNullable(ending);
        }

        void answerStarting() {
            answerStartedAt = Instant.now();
        }

        void wrote(int count) {
            bytesWritten += count;
        }

        private void end(Ending how) {
            ending = how;
        }

        @Override
        public String toString() {
            return request.requestLine() + " at " + arrivedAt + ", wrote " + bytesWritten + " bytes, " + ending().map(Enum::name).orElse("going on");
        }
    }
}
