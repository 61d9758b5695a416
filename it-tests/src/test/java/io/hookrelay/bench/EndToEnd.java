package io.hookrelay.bench;

import io.hookrelay.it.support.ApiResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Webhooks in, deliveries out, through one route to a {@link StampingReceiver}.
 *
 * <p>First paused backlogs are ingested and delivered unmeasured: ingest load alone leaves the delivery path
 * to be compiled under the measured load, and on two cores the JIT compiler then takes most of a core for over
 * a minute. Throughput: more backlogs the same way, each timed from the resume to its last delivery's arrival,
 * so it measures delivering alone; the figure is their median, as one drain differs from the next by up to a
 * fifth. Latency: events are offered at a fixed rate, each stamped when its request is written; its latency is
 * from then until it first reaches the receiver, so it covers the acknowledgement, the claim and the signed
 * delivery.
 */
final class EndToEnd {
    private static final int SENDERS = 32;
    private static final Duration PATIENCE = Duration.ofMinutes(5);
    /**
     * Delivered backlogs before the measured ones. With three, the compiler still kept a core 45–80% busy
     * through the measured drain, and drains went on speeding up until about the seventh backlog of 20,000
     * (the compiler quiet after some 80 s of delivering).
     */
    static final int WARMING_DRAINS = 6;
    static final int MEASURED_DRAINS = 3;

    /** @param drains deliveries per second of each measured backlog, in the order they were drained */
    record Result(int offeredPerSecond, int offered, double p50Millis, double p99Millis, int backlog,
            List<Double> drains, int duplicates) {
        double medianDrain() {
            return drains.stream().sorted().toList().get(drains.size() / 2);
        }
    }

    private EndToEnd() {
    }

    /** How many events a run sends, so the receiver can be sized for them. */
    static int events(int rate, Duration warmup, Duration measured, int backlog) {
        return firstOffered(backlog) + (int) (rate * (warmup.toMillis() + measured.toMillis()) / 1000);
    }

    /** The sequence number of the first event offered at the fixed rate: the backlogs come before it. */
    private static int firstOffered(int backlog) {
        return (WARMING_DRAINS + MEASURED_DRAINS) * backlog;
    }

    /**
     * @param relay the node configured through its API
     * @param ports every node's, the events shared out over them; the nodes share one database with {@code relay}
     */
    static Result run(BenchRelay relay, List<Integer> ports, String source, String target, StampingReceiver receiver, int rate,
            Duration warmup, Duration measured, int backlog) throws Exception {
        for (int warming = 0; warming < WARMING_DRAINS; warming++) {
            drain(relay, ports, source, target, receiver, warming * backlog, backlog);
        }
        List<Double> drains = new ArrayList<>();
        for (int measuring = WARMING_DRAINS; measuring < WARMING_DRAINS + MEASURED_DRAINS; measuring++) {
            drains.add(drain(relay, ports, source, target, receiver, measuring * backlog, backlog));
        }

        int first = firstOffered(backlog);
        int measuredFrom = first + (int) (rate * warmup.toMillis() / 1000);
        int end = events(rate, warmup, measured, backlog);
        long[] sentAt = offerAtFixedRate(ports, source, rate, first, end);
        require(receiver.awaitReceived(end, PATIENCE), "offered events were not all delivered within " + PATIENCE);
        Latencies latencies = new Latencies();
        for (int seq = measuredFrom; seq < end; seq++) {
            latencies.record(receiver.arrival(seq) - sentAt[seq - first]);
        }
        return new Result(rate, end - measuredFrom, latencies.percentileMillis(50), latencies.percentileMillis(99),
                backlog, List.copyOf(drains), receiver.duplicates());
    }

    /**
     * Events {@code firstSeq …} ingested while the target is paused, then delivered; returns deliveries per second
     * from the resume to the last arrival.
     */
    private static double drain(BenchRelay relay, List<Integer> ports, String source, String target, StampingReceiver receiver,
            int firstSeq, int count) throws Exception {
        postUntilAnswered(relay, "/api/v1/targets/" + target + "/pause");
        sendAsFastAsAnswered(ports, source, firstSeq, count);
        long resumed = System.nanoTime();
        postUntilAnswered(relay, "/api/v1/targets/" + target + "/resume");
        require(receiver.awaitReceived(firstSeq + count, PATIENCE), "the backlog was not delivered within " + PATIENCE);
        long lastArrival = 0;
        for (int seq = firstSeq; seq < firstSeq + count; seq++) {
            lastArrival = Math.max(lastArrival, receiver.arrival(seq));
        }
        return count / SqliteLimit.seconds(lastArrival - resumed);
    }

    /**
     * Posts until the relay answers other than {@code 503}, which it answers when its storage is busy past its
     * wait and which asks the caller to try again, as an operator's script would; then expects {@code 200}.
     */
    private static void postUntilAnswered(BenchRelay relay, String path) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        ApiResponse response = relay.api().post(path);
        while (response.status() == 503 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            response = relay.api().post(path);
        }
        response.expect(200);
    }

    /** Event {@code seq} is due at {@code start + (seq - first) / rate}; returns when each request was written. */
    private static long[] offerAtFixedRate(List<Integer> ports, String source, int rate, int first, int end) throws Exception {
        long[] sentAt = new long[end - first];
        AtomicInteger next = new AtomicInteger(first);
        long start = System.nanoTime();
        long interval = 1_000_000_000L / rate;
        onSenders(ports, connection -> {
            for (int seq = next.getAndIncrement(); seq < end; seq = next.getAndIncrement()) {
                LockSupport.parkNanos(start + (seq - first) * interval - System.nanoTime());
                sentAt[seq - first] = System.nanoTime();
                accepted(connection.exchange(event(source, seq)));
            }
        });
        return sentAt;
    }

    private static void sendAsFastAsAnswered(List<Integer> ports, String source, int firstSeq, int count) throws Exception {
        AtomicInteger next = new AtomicInteger(firstSeq);
        onSenders(ports, connection -> {
            for (int seq = next.getAndIncrement(); seq < firstSeq + count; seq = next.getAndIncrement()) {
                accepted(connection.exchange(event(source, seq)));
            }
        });
    }

    @FunctionalInterface
    private interface Sender {
        void send(KeepAliveConnection connection) throws Exception;
    }

    /** Each sender on a connection of its own, to the nodes' ports in turn. */
    private static void onSenders(List<Integer> ports, Sender sender) throws Exception {
        Concurrently.run(SENDERS, thread -> {
            try (KeepAliveConnection connection = new KeepAliveConnection(ports.get(thread % ports.size()))) {
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
