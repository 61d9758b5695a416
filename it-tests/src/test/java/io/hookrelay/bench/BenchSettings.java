package io.hookrelay.bench;

import java.time.Duration;
import java.util.List;

/**
 * Sizes and durations of one benchmark run. {@link #full()} is the documented run; {@link #smoke()} does the same work
 * at a size that takes seconds, so the build runs every section and the benchmark cannot rot. The relay runs with its
 * default settings; {@code receiverMaxInFlight} is the end-to-end receiver's target's {@code max_in_flight}, a
 * target's own setting: a local receiver that takes 64 at once.
 *
 * <p>Ingest: {@code relayWarmup} of load each relay process gets, unmeasured, before its figures are taken; then
 * {@code ingestEach} per run at each of {@code ingestClients} connections. Sustained: {@code pacedWarmup} at
 * {@code warmingRate} through the whole path, unmeasured; then steps of {@code stepEach} from {@code firstRate} up by
 * {@code rateStep} (never past {@code highestRate}) on {@code pacedConnections}, until one does not keep pace; then
 * {@code storedBefore} more events stored ahead of each step that measures the first seconds after them. Tenants:
 * {@code tenants} of them, each routed to the receiver as the one tenant they are compared with; one holds a backlog of
 * at least {@code tenantBacklog} deliveries while another is offered {@code freshRate} webhooks a second for
 * {@code freshEach}. Every duration that {@code wrk} runs is whole seconds.
 */
record BenchSettings(
        String name,
        Duration sqliteEach,
        int queueIntents, int producers, int queueWorkers,
        Duration relayWarmup, Duration ingestEach, List<Integer> ingestClients,
        int receiverMaxInFlight, int pacedConnections, int warmingRate, Duration pacedWarmup,
        int firstRate, int rateStep, int highestRate, Duration stepEach, int storedBefore,
        int smallBacklog, int largeBacklog, int claimed, int claimBatch,
        int tenants, int tenantBacklog, int freshRate, Duration freshEach) {

    BenchSettings {
        ingestClients = List.copyOf(ingestClients);
        if (queueIntents < 1 || producers < 1 || queueWorkers < 1 || receiverMaxInFlight < 1 || pacedConnections < 1
                || warmingRate < 1 || firstRate < 1 || rateStep < 1 || highestRate < firstRate || storedBefore < 1
                || claimBatch < 1 || claimed < 1 || claimed > smallBacklog || smallBacklog > largeBacklog || ingestClients.isEmpty()
                || tenants < 2 || tenantBacklog < 1 || freshRate < 1) {
            throw new IllegalArgumentException("benchmark sizes must be positive, with at least two tenants, and no more may be"
                    + " claimed than the smaller backlog holds");
        }
        for (Duration loaded : List.of(relayWarmup, ingestEach, pacedWarmup, stepEach, freshEach)) {
            if (loaded.toSeconds() < 1 || loaded.toMillis() % 1000 != 0) {
                throw new IllegalArgumentException("wrk runs whole seconds, not " + loaded);
            }
        }
    }

    static BenchSettings full() {
        return new BenchSettings("full", Duration.ofSeconds(5),
                50_000, 16, 8,
                Duration.ofSeconds(30), Duration.ofSeconds(10), List.of(1, 16, 64),
                64, 512, 3_000, Duration.ofSeconds(30),
                1_000, 1_000, 20_000, Duration.ofSeconds(15), 300_000,
                10_000, 1_000_000, 5_000, 100,
                1_000, 100_000, 20, Duration.ofSeconds(15));
    }

    static BenchSettings smoke() {
        return new BenchSettings("smoke", Duration.ofMillis(200),
                300, 4, 4,
                Duration.ofSeconds(1), Duration.ofSeconds(1), List.of(1, 4),
                4, 8, 100, Duration.ofSeconds(1),
                100, 100, 200, Duration.ofSeconds(1), 1_000,
                200, 2_000, 100, 20,
                3, 1_000, 20, Duration.ofSeconds(1));
    }

    /**
     * These settings with the sustained ladder sized for PostgreSQL on the same machine: a routed webhook there
     * costs several round trips where SQLite's cost a share of one commit, and the full ladder's first step,
     * 1,000/s, is beyond what two shared cores keep (docs/benchmarks.md), which measured nothing. Steps of 200/s
     * from 200/s, warmed at 400/s; the small run's ladder is small already.
     */
    BenchSettings onPostgres() {
        if (firstRate <= 200) {
            return this;
        }
        return new BenchSettings(name, sqliteEach, queueIntents, producers, queueWorkers, relayWarmup, ingestEach, ingestClients,
                receiverMaxInFlight, pacedConnections, 400, pacedWarmup, 200, 200, highestRate, stepEach, storedBefore,
                smallBacklog, largeBacklog, claimed, claimBatch, tenants, tenantBacklog, freshRate, freshEach);
    }

    /** {@code -Dbench.scale=smoke} for the small run; the full one otherwise. */
    static BenchSettings fromSystemProperties() {
        return "smoke".equals(System.getProperty("bench.scale")) ? smoke() : full();
    }

    int mostClients() {
        return ingestClients.stream().max(Integer::compare).orElseThrow();
    }
}
