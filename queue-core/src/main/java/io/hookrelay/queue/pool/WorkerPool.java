package io.hookrelay.queue.pool;

import io.hookrelay.queue.AsyncIntentHandler;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.ExponentialBackoff;
import io.hookrelay.queue.IntentHandler;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.KindLabels;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.QueueMetrics;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.Verdict;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs handlers for claimed intents on a fixed number of worker threads, from four parts: a {@link ClaimLoop}
 * claims ahead of the {@link Workers}, which run the handlers and hand how each attempt ended to the
 * {@link OutcomeWriter}, while the {@link LeaseKeeper} keeps the leases of everything the pool owns. An intent
 * is {@link OwnedAttempts owned} by the pool from its claim until its outcome is durable, and a claim the pool
 * owns is never taken up by it again.
 *
 * <p>Everything the pool writes after a claim carries that claim's fence. If the claim is lost meanwhile (an
 * operator retried or cancelled the intent), the attempt is called off and its result discarded (outcome
 * {@code fenced}). A store that fails for good stops the pool and {@link #isRunning()} turns false, so readiness
 * reports it instead of the pool spinning.
 */
public final class WorkerPool implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WorkerPool.class);
    private static final Duration ABANDON_WAIT = Duration.ofSeconds(5);

    private enum State { NEW, RUNNING, STOPPING, STOPPED }

    private final IntentQueue queue;
    private final PoolSettings settings;
    private final OwnedAttempts owned = new OwnedAttempts();
    private final ScheduledExecutorService upkeep = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("hookrelay-queue-upkeep-"));
    private final ScheduledExecutorService leaseWatch = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("hookrelay-queue-lease-watch-"));
    private final ClaimLoop claims;
    private final OutcomeWriter writer;
    private final Workers workers;
    private final LeaseKeeper leases;
    private final QueueListener listener = new QueueListener() {
        @Override
        public void workAvailable() {
            claims.wake();
        }

        @Override
        public void claimRevoked(ClaimRef revoked) {
            owned.find(revoked).ifPresent(RunningAttempt::callOff);
        }

        @Override
        public void paused(String kind, String target) {
            workers.holdBack(kind, target);
        }
    };

    private volatile State state = State.NEW;
    private volatile StoreException failure;

    private WorkerPool(Builder builder) {
        this.queue = builder.queue;
        this.settings = builder.settings;
        this.claims = new ClaimLoop(queue, settings, builder.metrics, this::stopOnStoreFailure);
        this.writer = new OutcomeWriter(queue, builder.metrics, builder.kindLabels, builder.outcomes, upkeep,
                this::stopOnStoreFailure);
        this.workers = new Workers(settings, queue.clock(), builder.handlers(), owned, claims, writer,
                () -> state == State.RUNNING, this::stopOnStoreFailure);
        this.leases = new LeaseKeeper(queue, settings, builder.metrics, owned, this::stopOnStoreFailure);
    }

    public static Builder builder(IntentQueue queue) {
        return new Builder(queue);
    }

    public synchronized void start() {
        if (state != State.NEW) {
            throw new IllegalStateException("a worker pool starts once; this one is " + state);
        }
        state = State.RUNNING;
        queue.addListener(listener);
        leases.start(upkeep, leaseWatch);
        claims.start(workers::take);
    }

    /** True while the pool claims and runs work: started, not closed, and its store has not failed. */
    public boolean isRunning() {
        return state == State.RUNNING && failure == null && claims.isAlive();
    }

    /** The store failure that stopped the pool, if one did. */
    public Optional<StoreException> failure() {
        return Optional.ofNullable(failure);
    }

    /**
     * Stops claiming, gives back the claims no worker has started, waits up to the shutdown grace for attempts
     * under way to finish and their outcomes to be written, then calls off the rest and leaves their claims to
     * expire, so another process (or this one, restarted) takes them over. The workers stay up until then:
     * they are what decides and writes the outcome of an asynchronous attempt that ends during the grace.
     */
    @Override
    public synchronized void close() {
        if (state == State.STOPPED) {
            return;
        }
        if (state == State.NEW) {
            state = State.STOPPED;
            workers.shutdown();
            upkeep.shutdownNow();
            leaseWatch.shutdownNow();
            return;
        }
        state = State.STOPPING;
        queue.removeListener(listener);
        try {
            claims.stop();
            workers.giveBackNotBegun();
            if (!owned.awaitNoneUntil(System.nanoTime() + settings.shutdownGrace().toNanos())) {
                abandonOwnedClaims();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abandonOwnedClaims();
        } finally {
            workers.shutdown();
            upkeep.shutdownNow();
            leaseWatch.shutdownNow();
            state = State.STOPPED;
        }
    }

    private void abandonOwnedClaims() {
        writer.giveUp();
        List<RunningAttempt> left = owned.all();
        long begun = left.stream().filter(RunningAttempt::begun).count();
        log.info("shutdown grace over: leaving {} running attempt(s) and {} claimed but not started to lease expiry",
                begun, left.size() - begun);
        left.forEach(RunningAttempt::callOff);
        workers.shutdownNow(ABANDON_WAIT);
    }

    private void stopOnStoreFailure(StoreException e) {
        if (failure == null) {
            failure = e;
            log.error("worker pool stopped: the intent store failed", e);
            claims.interrupt();
        }
    }

    /** Assembles a pool: handlers per kind, retry policies, settings and metrics. */
    public static final class Builder {
        private final IntentQueue queue;
        private final Map<String, IntentHandler> handlers = new HashMap<>();
        private final Map<String, AsyncIntentHandler> asyncHandlers = new HashMap<>();
        private final Map<String, RetryPolicy> retryPolicies = new HashMap<>();
        private RetryPolicy defaultRetryPolicy = new ExponentialBackoff();
        private PoolSettings settings = PoolSettings.defaults();
        private QueueMetrics metrics = QueueMetrics.NONE;
        private KindLabels kindLabels = KindLabels.defaults();
        private OutcomeListener outcomes = OutcomeListener.NONE;

        private Builder(IntentQueue queue) {
            this.queue = Objects.requireNonNull(queue, "queue");
        }

        /** The handler of one kind, replacing any handler of it given before. */
        public Builder handler(String kind, IntentHandler handler) {
            handlers.put(Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(handler, "handler"));
            asyncHandlers.remove(kind);
            return this;
        }

        /** The handler of one kind, waiting without a thread; replaces any handler of it given before. */
        public Builder asyncHandler(String kind, AsyncIntentHandler handler) {
            asyncHandlers.put(Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(handler, "handler"));
            handlers.remove(kind);
            return this;
        }

        /**
         * The policy for one kind; kinds without one use {@link #defaultRetryPolicy}. A handler's
         * {@link Verdict.RetryLater} may name another for its intent (its target's schedule, say).
         */
        public Builder retryPolicy(String kind, RetryPolicy policy) {
            retryPolicies.put(Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(policy, "policy"));
            return this;
        }

        /** Defaults to {@link ExponentialBackoff}. */
        public Builder defaultRetryPolicy(RetryPolicy policy) {
            this.defaultRetryPolicy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        public Builder settings(PoolSettings settings) {
            this.settings = Objects.requireNonNull(settings, "settings");
            return this;
        }

        public Builder metrics(QueueMetrics metrics) {
            this.metrics = Objects.requireNonNull(metrics, "metrics");
            return this;
        }

        public Builder kindLabels(KindLabels kindLabels) {
            this.kindLabels = Objects.requireNonNull(kindLabels, "kindLabels");
            return this;
        }

        /** Hears every settlement the pool's attempts write; defaults to {@link OutcomeListener#NONE}. */
        public Builder outcomeListener(OutcomeListener outcomes) {
            this.outcomes = Objects.requireNonNull(outcomes, "outcomes");
            return this;
        }

        public WorkerPool build() {
            return new WorkerPool(this);
        }

        private Handlers handlers() {
            return new Handlers(handlers, asyncHandlers, retryPolicies, defaultRetryPolicy);
        }
    }
}
