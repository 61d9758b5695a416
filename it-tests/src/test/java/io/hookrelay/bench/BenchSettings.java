package io.hookrelay.bench;

import java.time.Duration;
import java.util.List;

/**
 * Sizes and durations of one benchmark run. {@code relayWarmup} is ingest load each relay process gets, unmeasured,
 * before its figures are taken. {@link #full()} is the documented run; {@link #smoke()} does the
 * same work at a size that takes seconds, so the build runs every section and the benchmark cannot rot. The
 * relay runs with its default settings; {@code receiverMaxInFlight} is the end-to-end receiver's target's
 * {@code max_in_flight}, a target's own setting: a local receiver that takes 64 at once.
 */
record BenchSettings(
        String name,
        Duration sqliteEach,
        int queueIntents, int producers, int queueWorkers,
        Duration relayWarmup, Duration ingestWarmup, Duration ingestEach, List<Integer> ingestClients,
        int receiverMaxInFlight, int endToEndRate, Duration endToEndWarmup, Duration endToEndMeasured, int endToEndBacklog,
        int smallBacklog, int largeBacklog, int claimed, int claimBatch) {

    BenchSettings {
        ingestClients = List.copyOf(ingestClients);
        if (queueIntents < 1 || producers < 1 || queueWorkers < 1 || receiverMaxInFlight < 1 || endToEndRate < 1
                || endToEndBacklog < 1 || claimBatch < 1 || claimed < 1 || claimed > smallBacklog
                || smallBacklog > largeBacklog || ingestClients.isEmpty()) {
            throw new IllegalArgumentException("benchmark sizes must be positive, and no more may be claimed than the"
                    + " smaller backlog holds");
        }
    }

    static BenchSettings full() {
        return new BenchSettings("full", Duration.ofSeconds(5),
                50_000, 16, 8,
                Duration.ofSeconds(30), Duration.ofSeconds(3), Duration.ofSeconds(10), List.of(1, 16, 64),
                64, 1_000, Duration.ofSeconds(5), Duration.ofSeconds(20), 20_000,
                10_000, 1_000_000, 5_000, 100);
    }

    static BenchSettings smoke() {
        return new BenchSettings("smoke", Duration.ofMillis(200),
                300, 4, 4,
                Duration.ofMillis(200), Duration.ofMillis(200), Duration.ofMillis(500), List.of(1, 4),
                4, 100, Duration.ofMillis(200), Duration.ofMillis(500), 100,
                200, 2_000, 100, 20);
    }

    /** {@code -Dbench.scale=smoke} for the small run; the full one otherwise. */
    static BenchSettings fromSystemProperties() {
        return "smoke".equals(System.getProperty("bench.scale")) ? smoke() : full();
    }
}
