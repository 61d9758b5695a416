package io.hookrelay.bench;

import java.time.Duration;
import java.util.List;

/**
 * Providers posting webhooks as fast as the relay acknowledges them: {@code clients} connections, each
 * sending its next request as soon as the last is answered. The figure is {@code 202}s per second over the
 * measured window, and the time from writing a request to reading its answer, which covers the durable
 * commit: the relay answers only after it.
 */
final class IngestLoad {
    /** A body of a typical size for a provider's event notification. */
    static final String BODY = "{\"type\":\"invoice.paid\",\"data\":{\"id\":\"in_1\",\"amount\":4200,\"currency\":\"eur\","
            + "\"customer\":\"cus_0123456789\",\"lines\":[" + "{\"sku\":\"plan-pro\",\"quantity\":1},".repeat(8)
            + "{\"sku\":\"seat\",\"quantity\":3}]}}";

    record Result(int clients, long accepted, long refused, double perSecond, double p50Millis, double p99Millis) {
    }

    private IngestLoad() {
    }

    /**
     * Loads the relay for {@code warmup} (not measured), then measures for {@code measured}, or until each client has
     * had an answer measured, if that is later: a machine that stands still through a short window (the smoke run's)
     * leaves a slower figure rather than none.
     */
    static Result run(int port, String source, int clients, Duration warmup, Duration measured) throws Exception {
        return run(List.of(port), source, clients, warmup, measured);
    }

    /** As {@link #run(int, String, int, Duration, Duration)}, the clients shared out over several nodes' ports in turn. */
    static Result run(List<Integer> ports, String source, int clients, Duration warmup, Duration measured) throws Exception {
        byte[] request = KeepAliveConnection.post("/hooks/" + source, BODY);
        long measuringFrom = System.nanoTime() + warmup.toNanos();
        long until = measuringFrom + measured.toNanos();
        List<Client> results = Concurrently.run(clients, thread -> Client.run(ports.get(thread % ports.size()), request,
                measuringFrom, until));
        Latencies all = Latencies.merge(results.stream().map(client -> client.latencies).toList());
        long refused = results.stream().mapToLong(client -> client.refused).sum();
        long measuredUntil = results.stream().mapToLong(client -> client.lastAnsweredAt).reduce(until, Math::max);
        return new Result(clients, all.count(), refused, all.count() / SqliteLimit.seconds(measuredUntil - measuringFrom),
                all.percentileMillis(50), all.percentileMillis(99));
    }

    /**
     * Loads the relay without measuring, so that the figures after it are of compiled code: on two cores, a
     * fresh JVM's JIT compiler takes half a minute of load before the relay's throughput settles.
     */
    static void warm(int port, String source, int clients, Duration duration) throws Exception {
        warm(List.of(port), source, clients, duration);
    }

    static void warm(List<Integer> ports, String source, int clients, Duration duration) throws Exception {
        byte[] request = KeepAliveConnection.post("/hooks/" + source, BODY);
        long until = System.nanoTime() + duration.toNanos();
        Concurrently.run(clients, thread -> Client.run(ports.get(thread % ports.size()), request, until, until));
    }

    /**
     * One provider connection's requests answered {@code 202} within the window, and the rest. A window that is not
     * empty ({@code measuringFrom < until}) stays open until one request sent after it opened was answered.
     */
    private static final class Client {
        final Latencies latencies = new Latencies();
        long refused;
        long lastAnsweredAt;

        static Client run(int port, byte[] request, long measuringFrom, long until) throws Exception {
            Client client = new Client();
            boolean measuring = measuringFrom < until;
            try (KeepAliveConnection connection = new KeepAliveConnection(port)) {
                for (long sent = System.nanoTime(); sent < until || (measuring && client.measured() == 0); sent = System.nanoTime()) {
                    int status = connection.exchange(request);
                    if (sent < measuringFrom) {
                        continue;
                    }
                    client.lastAnsweredAt = System.nanoTime();
                    if (status == 202) {
                        client.latencies.record(client.lastAnsweredAt - sent);
                    } else {
                        client.refused++;
                    }
                }
            }
            return client;
        }

        private long measured() {
            return latencies.count() + refused;
        }
    }
}
