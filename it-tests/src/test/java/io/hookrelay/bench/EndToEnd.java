package io.hookrelay.bench;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Webhooks in, deliveries out, through one route to a {@link StampingReceiver}.
 *
 * <p>Latency: events are offered at a fixed rate, each stamped when its request is written; its latency is
 * from then until it first reaches the receiver, so it covers the acknowledgement, the claim and the
 * signed delivery. Throughput: with the target paused, a backlog is ingested; the clock runs from the resume
 * to the last delivery's arrival, so it measures delivering alone.
 */
final class EndToEnd {
    private static final int SENDERS = 32;
    private static final Duration PATIENCE = Duration.ofMinutes(5);

    record Result(int offeredPerSecond, int offered, double p50Millis, double p99Millis, int backlog,
            double deliveriesPerSecond, int duplicates) {
    }

    private EndToEnd() {
    }

    static Result run(BenchRelay relay, String source, String target, StampingReceiver receiver, int rate,
            Duration warmup, Duration measured, int backlog) throws Exception {
        int warmupEvents = (int) (rate * warmup.toMillis() / 1000);
        int offered = (int) (rate * (warmup.toMillis() + measured.toMillis()) / 1000);
        long[] sentAt = offerAtFixedRate(relay.port(), source, rate, offered);
        require(receiver.awaitReceived(offered, PATIENCE), "offered events were not all delivered within " + PATIENCE);
        Latencies latencies = new Latencies();
        for (int seq = warmupEvents; seq < offered; seq++) {
            latencies.record(receiver.arrival(seq) - sentAt[seq]);
        }

        relay.api().post("/api/v1/targets/" + target + "/pause").expect(200);
        sendAsFastAsAnswered(relay.port(), source, offered, backlog);
        long resumed = System.nanoTime();
        relay.api().post("/api/v1/targets/" + target + "/resume").expect(200);
        require(receiver.awaitReceived(offered + backlog, PATIENCE), "the backlog was not delivered within " + PATIENCE);
        long lastArrival = 0;
        for (int seq = offered; seq < offered + backlog; seq++) {
            lastArrival = Math.max(lastArrival, receiver.arrival(seq));
        }
        return new Result(rate, offered - warmupEvents, latencies.percentileMillis(50), latencies.percentileMillis(99),
                backlog, backlog / SqliteLimit.seconds(lastArrival - resumed), receiver.duplicates());
    }

    /** Event {@code seq} is due at {@code start + seq / rate}; returns when each request was written. */
    private static long[] offerAtFixedRate(int port, String source, int rate, int count) throws Exception {
        long[] sentAt = new long[count];
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        long interval = 1_000_000_000L / rate;
        onSenders(port, connection -> {
            for (int seq = next.getAndIncrement(); seq < count; seq = next.getAndIncrement()) {
                LockSupport.parkNanos(start + seq * interval - System.nanoTime());
                sentAt[seq] = System.nanoTime();
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
