package io.hookrelay.bench;

import io.undertow.Undertow;
import io.undertow.server.HttpServerExchange;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A receiver on loopback that answers {@code 200} at once and notes when each event first arrived, by the
 * sequence number the benchmark put in its body ({@code 400} for a body without one, so a mistake shows
 * as deliveries that never arrive). It keeps nothing else, so it costs the shared cores as little as a
 * receiver can.
 *
 * <p>Undertow, answering on its I/O threads: a receiver in production runs on another machine, and here it
 * shares the relay's two cores. The JDK's {@code HttpServer}, with its hand-off to a pool, used about 75
 * microseconds of CPU per request against Undertow's 35, CPU the relay then did not have.
 */
final class StampingReceiver implements AutoCloseable {
    private static final byte[] SEQ = "\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final int IO_THREADS = 2;

    private final Undertow server;
    private final AtomicLongArray firstArrival;
    private final AtomicInteger distinct = new AtomicInteger();
    private final AtomicInteger duplicates = new AtomicInteger();

    private StampingReceiver(int capacity) {
        this.firstArrival = new AtomicLongArray(capacity);
        this.server = Undertow.builder()
                .addHttpListener(0, "127.0.0.1")
                .setIoThreads(IO_THREADS)
                .setHandler(exchange -> exchange.getRequestReceiver().receiveFullBytes(this::handle))
                .build();
    }

    static StampingReceiver start(int capacity) {
        StampingReceiver receiver = new StampingReceiver(capacity);
        receiver.server.start();
        return receiver;
    }

    String url() {
        InetSocketAddress address = (InetSocketAddress) server.getListenerInfo().get(0).getAddress();
        return "http://127.0.0.1:" + address.getPort() + "/hooks";
    }

    /** When the event numbered {@code seq} first arrived ({@link System#nanoTime()}), or 0 if it has not. */
    long arrival(int seq) {
        return firstArrival.get(seq);
    }

    int received() {
        return distinct.get();
    }

    int duplicates() {
        return duplicates.get();
    }

    /** Waits until {@code count} distinct events have arrived; false if the timeout came first. */
    boolean awaitReceived(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (distinct.get() < count) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }

    private void handle(HttpServerExchange exchange, byte[] body) {
        long arrived = System.nanoTime();
        int seq = seqOf(body);
        if (seq < 0 || seq >= firstArrival.length()) {
            exchange.setStatusCode(400).endExchange();
            return;
        }
        if (firstArrival.compareAndSet(seq, 0, arrived)) {
            distinct.incrementAndGet();
        } else {
            duplicates.incrementAndGet();
        }
        exchange.setStatusCode(200).endExchange();
    }

    /** The number after the first {@code "seq":} in the body, or -1. */
    static int seqOf(byte[] body) {
        outer:
        for (int i = 0; i + SEQ.length < body.length; i++) {
            for (int j = 0; j < SEQ.length; j++) {
                if (body[i + j] != SEQ[j]) {
                    continue outer;
                }
            }
            int value = 0;
            int digits = 0;
            for (int k = i + SEQ.length; k < body.length && body[k] >= '0' && body[k] <= '9'; k++, digits++) {
                value = value * 10 + (body[k] - '0');
            }
            return digits == 0 ? -1 : value;
        }
        return -1;
    }

    @Override
    public void close() {
        server.stop();
    }
}
