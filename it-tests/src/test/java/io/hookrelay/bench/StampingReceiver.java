package io.hookrelay.bench;

import io.undertow.Undertow;
import io.undertow.server.HttpServerExchange;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A receiver on loopback that answers {@code 200} at once and notes, for each event, when it first arrived and
 * when its provider's request was written, both read from the benchmark's body ({@code "seq"} and {@code "sent"},
 * as {@link Wrk#paced} writes them; {@code 400} for a body without them, so a mistake shows as deliveries that
 * never arrive). It keeps nothing else, so it costs the shared cores as little as a receiver can.
 *
 * <p>Undertow, answering on its I/O threads: a receiver in production runs on another machine, and here it
 * shares the relay's two cores. The JDK's {@code HttpServer}, with its hand-off to a pool, cost about twice the CPU
 * per request (docs/benchmarks.md, "Load from wrk"), CPU the relay then did not have.
 */
final class StampingReceiver implements AutoCloseable {
    private static final byte[] SEQ = "\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SENT = "\"sent\":".getBytes(StandardCharsets.US_ASCII);
    private static final int IO_THREADS = 2;
    /** Events are kept in chunks of this many numbers, each made when its first event arrives. */
    private static final int CHUNK = 1 << 16;
    private static final int CHUNKS = Integer.MAX_VALUE / CHUNK;

    /** Per number {@code n} of chunk {@code n / CHUNK}: first arrival and sent time, in µs of {@link System#nanoTime()}. */
    private final AtomicReferenceArray<AtomicLongArray> chunks = new AtomicReferenceArray<>(CHUNKS);
    private final Undertow server;
    private final AtomicLong distinct = new AtomicLong();
    private final AtomicInteger duplicates = new AtomicInteger();

    /** This receiver's events numbered {@code first} up to {@code end}: how many arrived, and how long they took. */
    record Arrivals(long count, double p50Millis, double p99Millis) {
    }

    private StampingReceiver() {
        this.server = Undertow.builder()
                .addHttpListener(0, "127.0.0.1")
                .setIoThreads(IO_THREADS)
                .setHandler(exchange -> exchange.getRequestReceiver().receiveFullBytes(this::handle))
                .build();
    }

    static StampingReceiver start() {
        StampingReceiver receiver = new StampingReceiver();
        receiver.server.start();
        return receiver;
    }

    String url() {
        InetSocketAddress address = (InetSocketAddress) server.getListenerInfo().get(0).getAddress();
        return "http://127.0.0.1:" + address.getPort() + "/hooks";
    }

    long received() {
        return distinct.get();
    }

    int duplicates() {
        return duplicates.get();
    }

    /** Waits until {@code count} distinct events have arrived; false if the timeout came first. */
    boolean awaitReceived(long count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (distinct.get() < count) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }

    /**
     * The events numbered {@code first} up to {@code end} that had arrived by {@code byMicros} (on
     * {@link System#nanoTime()}'s clock), each timed from its request's writing to its first arrival.
     */
    Arrivals arrivals(long first, long end, long byMicros) {
        Latencies latencies = new Latencies();
        for (long number = first; number < end; number++) {
            AtomicLongArray chunk = chunks.get((int) (number / CHUNK));
            int at = 2 * (int) (number % CHUNK);
            long arrived = chunk == null ? 0 : chunk.get(at);
            if (arrived != 0 && arrived <= byMicros) {
                latencies.record((arrived - chunk.get(at + 1)) * 1_000);
            }
        }
        return new Arrivals(latencies.count(), latencies.percentileMillis(50), latencies.percentileMillis(99));
    }

    private void handle(HttpServerExchange exchange, byte[] body) {
        long arrived = System.nanoTime() / 1_000;
        long number = numberAfter(SEQ, body);
        long sent = numberAfter(SENT, body);
        if (number < 0 || number / CHUNK >= CHUNKS || sent < 0) {
            exchange.setStatusCode(400).endExchange();
            return;
        }
        AtomicLongArray chunk = chunk((int) (number / CHUNK));
        int at = 2 * (int) (number % CHUNK);
        chunk.set(at + 1, sent); // the same for a duplicate: the same body
        if (chunk.compareAndSet(at, 0, arrived)) {
            distinct.incrementAndGet();
        } else {
            duplicates.incrementAndGet();
        }
        exchange.setStatusCode(200).endExchange();
    }

    private AtomicLongArray chunk(int index) {
        AtomicLongArray chunk = chunks.get(index);
        if (chunk == null) {
            chunks.compareAndSet(index, null, new AtomicLongArray(2 * CHUNK));
            chunk = chunks.get(index);
        }
        return chunk;
    }

    /** The whole number after the first {@code key} in the body, or -1. */
    private static long numberAfter(byte[] key, byte[] body) {
        outer:
        for (int i = 0; i + key.length < body.length; i++) {
            for (int j = 0; j < key.length; j++) {
                if (body[i + j] != key[j]) {
                    continue outer;
                }
            }
            long value = 0;
            int digits = 0;
            for (int k = i + key.length; k < body.length && body[k] >= '0' && body[k] <= '9' && digits < 18; k++, digits++) {
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
