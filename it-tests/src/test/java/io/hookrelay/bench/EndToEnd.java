package io.hookrelay.bench;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Webhooks in, deliveries out, through one route to a {@link StampingReceiver}.
 *
 * <p>First paused backlogs are ingested and delivered unmeasured: ingest load alone leaves the delivery path
 * to be compiled under the measured load, and on two cores the JIT compiler then takes a core for half a
 * minute. Throughput: one more backlog the same way; the clock runs from the resume to the last delivery's
 * arrival, so it measures delivering alone. Latency: events are offered at a fixed rate, each stamped when its
 * request is written; its latency is from then until it first reaches the receiver, so it covers the
 * acknowledgement, the claim and the signed delivery.
 */
final class EndToEnd {
    private static final int SENDERS = 32;
    private static final Duration PATIENCE = Duration.ofMinutes(5);
    /** Delivered backlogs before the measured one: the drain rate was still rising after the second. */
    static final int WARMING_DRAINS = 3;

    record Result(int offeredPerSecond, int offered, double p50Millis, double p99Millis, int backlog,
            double deliveriesPerSecond, int duplicates) {
    }

    private EndToEnd() {
    }

    /** How many events a run sends, so the receiver can be sized for them. */
    static int events(int rate, Duration warmup, Duration measured, int backlog) {
        return firstOffered(backlog) + (int) (rate * (warmup.toMillis() + measured.toMillis()) / 1000);
    }

    /** The sequence number of the first event offered at the fixed rate: the backlogs come before it. */
    private static int firstOffered(int backlog) {
        return (WARMING_DRAINS + 1) * backlog;
    }

    static Result run(BenchRelay relay, String source, String target, StampingReceiver receiver, int rate,
            Duration warmup, Duration measured, int backlog) throws Exception {
        for (int warming = 0; warming < WARMING_DRAINS; warming++) {
            drain(relay, source, target, receiver, warming * backlog, backlog);
        }
        double deliveriesPerSecond = drain(relay, source, target, receiver, WARMING_DRAINS * backlog, backlog);

        int first = firstOffered(backlog);
        int measuredFrom = first + (int) (rate * warmup.toMillis() / 1000);
        int end = events(rate, warmup, measured, backlog);
        long[] sentAt = offerAtFixedRate(relay.port(), source, rate, first, end);
        require(receiver.awaitReceived(end, PATIENCE), "offered events were not all delivered within " + PATIENCE);
        Latencies latencies = new Latencies();
        for (int seq = measuredFrom; seq < end; seq++) {
            latencies.record(receiver.arrival(seq) - sentAt[seq - first]);
        }
        return new Result(rate, end - measuredFrom, latencies.percentileMillis(50), latencies.percentileMillis(99),
                backlog, deliveriesPerSecond, receiver.duplicates());
    }

    /**
     * Events {@code firstSeq …} ingested while the target is paused, then delivered; returns deliveries per second
     * from the resume to the last arrival.
     */
    private static double drain(BenchRelay relay, String source, String target, StampingReceiver receiver, int firstSeq,
            int count) throws Exception {
        relay.api().post("/api/v1/targets/" + target + "/pause").expect(200);
        sendAsFastAsAnswered(relay.port(), source, firstSeq, count);
        long resumed = System.nanoTime();
        relay.api().post("/api/v1/targets/" + target + "/resume").expect(200);
        require(receiver.awaitReceived(firstSeq + count, PATIENCE), "the backlog was not delivered within " + PATIENCE);
        long lastArrival = 0;
        for (int seq = firstSeq; seq < firstSeq + count; seq++) {
            lastArrival = Math.max(lastArrival, receiver.arrival(seq));
        }
        return count / SqliteLimit.seconds(lastArrival - resumed);
    }

    /** Event {@code seq} is due at {@code start + (seq - first) / rate}; returns when each request was written. */
    private static long[] offerAtFixedRate(int port, String source, int rate, int first, int end) throws Exception {
        long[] sentAt = new long[end - first];
        AtomicInteger next = new AtomicInteger(first);
        long start = System.nanoTime();
        long interval = 1_000_000_000L / rate;
        onSenders(port, connection -> {
            for (int seq = next.getAndIncrement(); seq < end; seq = next.getAndIncrement()) {
                LockSupport.parkNanos(start + (seq - first) * interval - System.nanoTime());
                sentAt[seq - first] = System.nanoTime();
                accepted(connection.exchange(event(source, seq)));
            }
        });
        return sentAt;
    }

    private static void sendAsFastAsAnswered(int port, String source, int firstSeq, int count) throws Exception {
        AtomicInteger next = new AtomicInteger(firstSeq);
        onSenders(port, connection -> {
            for (int seq = next.getAndIncrement(); seq < firstSeq + count; seq = next.getAndIncrement()) {
                accepted(connection.exchange(event(source, seq)));
            }
        });
    }

    @FunctionalInterface
    private interface Sender {
        void send(KeepAliveConnection connection) throws Exception;
    }

    private static void onSenders(int port, Sender sender) throws Exception {
        Concurrently.run(SENDERS, thread -> {
            try (KeepAliveConnection connection = new KeepAliveConnection(port)) {
                sender.send(connection);
            }
            return null;
        });
    }

    private static byte[] event(String source, int seq) {
        return KeepAliveConnection.post("/hooks/" + source, "{\"seq\":" + seq + ",\"event\":" + IngestLoad.BODY + "}");
    }

    private static void accepted(int status) {
        require(status == 202, "the relay answered " + status + " instead of 202");
    }

    private static void require(boolean condition, String otherwise) {
        if (!condition) {
            throw new IllegalStateException(otherwise);
        }
    }
}
