package io.hookrelay.queue.pool;

import io.hookrelay.queue.AsyncIntentHandler;
import io.hookrelay.queue.IntentHandler;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link WorkerPool} runs.
 *
 * @param workers       how many threads run handlers: a {@link IntentHandler} holds one for its whole attempt,
 *                      an {@link AsyncIntentHandler} only while it starts the attempt and while its outcome is
 *                      decided, never while it waits
 * @param maxInFlight   how many attempts may be under way at once, at least {@code workers}: what bounds
 *                      asynchronous attempts, whose waiting holds no thread
 * @param lease         how long a claim lasts without renewal; after a crash, this is how long the work
 *                      waits before another process may take it
 * @param renewEvery    how often the leases of every intent the pool owns are extended (in one write); a
 *                      third of the lease leaves two renewals' worth of slack for a slow store
 * @param idlePoll      how long an idle pool waits before looking for due work again when nothing woke it;
 *                      retries that come due and other processes' enqueues are found this way
 * @param shutdownGrace how long {@link WorkerPool#close()} waits for running handlers before leaving
 *                      their claims to expire
 * @param maxClaimBatch the most intents taken in one claim, and how many claimed intents may wait for a
 *                      worker: the pool claims again when fewer than half of that wait, so workers that
 *                      finish never wait for a claim, and it owns at most {@code maxInFlight + maxClaimBatch}
 * @param claimCooldown the least time from one claim to the next after a claim found less due work than it
 *                      asked for: work enqueued meanwhile is then taken in one claim rather than in one per
 *                      wake-up (Oban's {@code dispatch_cooldown}, River's {@code FetchCooldown}); zero claims
 *                      at every wake-up
 */
public record PoolSettings(
        int workers, int maxInFlight, Duration lease, Duration renewEvery, Duration idlePoll, Duration shutdownGrace, int maxClaimBatch,
        Duration claimCooldown) {

    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

    /**
     * An intent keeps its place in the pool until its outcome is committed, so when commits take milliseconds
     * a small batch leaves workers waiting for claims and commits carrying few outcomes (docs/benchmarks.md,
     * "Figures that were code comments").
     * Work claimed ahead is owned like any claim: leased, and renewed with the rest while it waits for a
     * worker. With several processes on one store it is kept from the others only while it waits here; at
     * shutdown what no worker started is given back at once, and after a crash it is retaken when its lease
     * ends (on SQLite, whose one process frees it at restart, at once).
     */
    public static final int DEFAULT_MAX_CLAIM_BATCH = 128;

    /**
     * Each claim is a write whose cost hardly depends on how many rows it takes, so under a steady stream of
     * enqueues claiming at every wake-up spends most of it on claims of a few intents each; the cooldown adds
     * at most this much to the wait of work enqueued into an idle pool.
     */
    public static final Duration DEFAULT_CLAIM_COOLDOWN = Duration.ofMillis(10);

    public PoolSettings {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, was " + workers);
        }
        if (maxInFlight < workers) {
            throw new IllegalArgumentException("maxInFlight must be at least workers (" + workers + "), was " + maxInFlight);
        }
        if (maxClaimBatch < 1) {
            throw new IllegalArgumentException("maxClaimBatch must be at least 1, was " + maxClaimBatch);
        }
        requirePositive(lease, "lease");
        requirePositive(renewEvery, "renewEvery");
        requirePositive(idlePoll, "idlePoll");
        Objects.requireNonNull(shutdownGrace, "shutdownGrace");
        if (shutdownGrace.isNegative()) {
            throw new IllegalArgumentException("shutdownGrace must not be negative");
        }
        Objects.requireNonNull(claimCooldown, "claimCooldown");
        if (claimCooldown.isNegative()) {
            throw new IllegalArgumentException("claimCooldown must not be negative");
        }
        if (renewEvery.compareTo(lease) >= 0) {
            throw new IllegalArgumentException("renewEvery (" + renewEvery + ") must be shorter than the lease (" + lease + ")");
        }
    }

    /**
     * Four workers, 30 s lease renewed every 10 s, 100 ms idle poll, 30 s shutdown grace, claims of up to 128,
     * 10 ms claim cooldown.
     */
    public static PoolSettings defaults() {
        return withWorkers(4);
    }

    /** As many attempts in flight as workers: what a pool of {@link IntentHandler}s can run. */
    public static PoolSettings withWorkers(int workers) {
        return new PoolSettings(workers, workers, DEFAULT_LEASE, DEFAULT_LEASE.dividedBy(3), Duration.ofMillis(100), Duration.ofSeconds(30),
                DEFAULT_MAX_CLAIM_BATCH, DEFAULT_CLAIM_COOLDOWN);
    }

    /** The same settings with another bound on attempts in flight, for pools of {@link AsyncIntentHandler}s. */
    public PoolSettings withMaxInFlight(int newMaxInFlight) {
        return new PoolSettings(workers, newMaxInFlight, lease, renewEvery, idlePoll, shutdownGrace, maxClaimBatch, claimCooldown);
    }

    /** The same settings with another lease, renewed at a third of it. */
    public PoolSettings withLease(Duration newLease) {
        return new PoolSettings(workers, maxInFlight, newLease, newLease.dividedBy(3), idlePoll, shutdownGrace, maxClaimBatch, claimCooldown);
    }

    public PoolSettings withIdlePoll(Duration newIdlePoll) {
        return new PoolSettings(workers, maxInFlight, lease, renewEvery, newIdlePoll, shutdownGrace, maxClaimBatch, claimCooldown);
    }

    public PoolSettings withShutdownGrace(Duration newGrace) {
        return new PoolSettings(workers, maxInFlight, lease, renewEvery, idlePoll, newGrace, maxClaimBatch, claimCooldown);
    }

    public PoolSettings withClaimCooldown(Duration newCooldown) {
        return new PoolSettings(workers, maxInFlight, lease, renewEvery, idlePoll, shutdownGrace, maxClaimBatch, newCooldown);
    }

    private static void requirePositive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }
}
