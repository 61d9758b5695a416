package io.hookrelay.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs handlers for claimed intents on a fixed number of worker threads.
 *
 * <p>One dispatcher thread claims only as many intents as there are idle workers, so nothing is claimed
 * that no thread is ready to start: an intent is never held by this process without being worked on, and
 * a crash leaves nothing behind but attempts that were genuinely in flight. While a handler runs, its
 * lease is renewed every {@link PoolSettings#renewEvery()}; if a renewal finds the claim gone, the attempt
 * is called off and its result discarded (outcome {@code fenced}), and the worker moves on.
 *
 * <p>Outcome writes that fail transiently are repeated until they land; a store that fails for good
 * stops the pool and {@link #isRunning()} turns false, so readiness reports it instead of the pool
 * spinning.
 */
public final class WorkerPool implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WorkerPool.class);
    private static final Duration ABANDON_WAIT = Duration.ofSeconds(5);

    private enum State { NEW, RUNNING, STOPPING, STOPPED }

    private final IntentQueue queue;
    private final IntentStore store;
    private final PoolSettings settings;
    private final Map<String, IntentHandler> handlers;
    private final Map<String, Function<Intent, RetryPolicy>> retryPolicies;
    private final RetryPolicy defaultRetryPolicy;
    private final QueueMetrics metrics;
    private final KindLabels kindLabels;

    private final Semaphore idleWorkers;
    private final Semaphore wakeups = new Semaphore(0);
    private final Map<String, RunningAttempt> running = new ConcurrentHashMap<>();
    private final ExecutorService workers;
    private final ScheduledExecutorService renewer;
    private final Thread dispatcher;
    private final StoreRetrier claimRetrier;
    private final StoreRetrier outcomeRetrier;
    private final QueueListener listener = new QueueListener() {
        @Override
        public void workAvailable() {
            wake();
        }

        @Override
        public void claimRevoked(ClaimRef revoked) {
            RunningAttempt attempt = running.get(revoked.intentId());
            if (attempt != null && attempt.claim.equals(revoked)) {
                attempt.callOff();
            }
        }
    };

    private volatile State state = State.NEW;
    private volatile boolean abandonClaims;
    private volatile StoreException failure;

    private WorkerPool(Builder builder) {
        this.queue = builder.queue;
        this.store = builder.queue.store();
        this.settings = builder.settings;
        this.handlers = Map.copyOf(builder.handlers);
        this.retryPolicies = builder.retryPolicies();
        this.defaultRetryPolicy = builder.defaultRetryPolicy;
        this.metrics = builder.metrics;
        this.kindLabels = builder.kindLabels;
        this.idleWorkers = new Semaphore(settings.workers());
        this.workers = Executors.newFixedThreadPool(settings.workers(), daemonThreads("hookrelay-worker-"));
        this.renewer = Executors.newSingleThreadScheduledExecutor(daemonThreads("hookrelay-lease-renewer-"));
        this.dispatcher = daemonThreads("hookrelay-dispatcher-").newThread(this::dispatch);
        this.claimRetrier = new StoreRetrier(metrics, () -> state == State.RUNNING);
        this.outcomeRetrier = new StoreRetrier(metrics, () -> !abandonClaims);
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
        dispatcher.start();
    }

    /** True while the pool claims and runs work: started, not closed, and its store has not failed. */
    public boolean isRunning() {
        return state == State.RUNNING && failure == null && dispatcher.isAlive();
    }

    /** The store failure that stopped the pool, if one did. */
    public Optional<StoreException> failure() {
        return Optional.ofNullable(failure);
    }

    /** How many attempts are running now. */
    public int runningAttempts() {
        return running.size();
    }

    /**
     * Stops claiming, waits up to the shutdown grace for running handlers to finish and write their
     * outcomes, then calls off the rest and leaves their claims to expire, so another process (or this
     * one, restarted) takes them over.
     */
    @Override
    public synchronized void close() {
        if (state == State.STOPPED) {
            return;
        }
        if (state == State.NEW) {
            state = State.STOPPED;
            workers.shutdownNow();
            renewer.shutdownNow();
            return;
        }
        state = State.STOPPING;
        queue.removeListener(listener);
        dispatcher.interrupt();
        try {
            dispatcher.join();
            workers.shutdown();
            if (!workers.awaitTermination(settings.shutdownGrace().toMillis(), TimeUnit.MILLISECONDS)) {
                abandonRunningAttempts();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abandonRunningAttempts();
        } finally {
            renewer.shutdownNow();
            state = State.STOPPED;
        }
    }

    private void abandonRunningAttempts() {
        abandonClaims = true;
        log.info("shutdown grace over: leaving {} running attempt(s) to lease expiry", running.size());
        running.values().forEach(RunningAttempt::callOff);
        workers.shutdownNow();
        try {
            workers.awaitTermination(ABANDON_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void wake() {
        if (wakeups.availablePermits() == 0) {
            wakeups.release();
        }
    }

    private void dispatch() {
        try {
            while (state == State.RUNNING) {
                idleWorkers.acquire();
                int idle = 1 + idleWorkers.drainPermits();
                int wanted = Math.min(idle, settings.maxClaimBatch());
                idleWorkers.release(idle - wanted);
                List<Intent> claimed = claimRetrier
                        .call("claim", () -> store.claim(queue.clock().instant(), settings.lease(), wanted))
                        .orElse(List.of());
                idleWorkers.release(wanted - claimed.size());
                claimed.forEach(intent -> workers.execute(() -> runAttempt(intent)));
                if (claimed.size() < wanted) {
                    wakeups.tryAcquire(settings.idlePoll().toMillis(), TimeUnit.MILLISECONDS);
                    wakeups.drainPermits();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (StoreException e) {
            stopOnStoreFailure(e);
        }
    }

    private void runAttempt(Intent intent) {
        RunningAttempt attempt = new RunningAttempt(intent);
        running.put(intent.id(), attempt);
        try {
            Duration every = settings.renewEvery();
            attempt.renewWith(renewer.scheduleAtFixedRate(
                    () -> renew(attempt), every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS));
            Instant started = queue.clock().instant();
            HandlerVerdict verdict = invokeHandler(attempt);
            attempt.stopRenewing();
            Duration took = Duration.between(started, queue.clock().instant());
            Optional<AttemptRecord> logEntry = verdict.logEntry(intent, started, took, attempt.context.detail());
            boolean landed = !attempt.calledOff() && settle(attempt, verdict, logEntry);
            String kindLabel = kindLabels.label(intent.kind());
            verdict.countedAs().ifPresent(outcome ->
                    metrics.attemptFinished(kindLabel, landed ? outcome : AttemptOutcome.FENCED, took));
        } catch (StoreException e) {
            stopOnStoreFailure(e);
        } finally {
            attempt.stopRenewing();
            running.remove(intent.id(), attempt);
            idleWorkers.release();
        }
    }

    private HandlerVerdict invokeHandler(RunningAttempt attempt) {
        IntentHandler handler = handlers.get(attempt.intent.kind());
        if (handler == null) {
            return HandlerVerdict.noHandler(attempt.intent.kind());
        }
        attempt.enterHandler(Thread.currentThread());
        try {
            handler.handle(attempt.intent, attempt.context);
            return HandlerVerdict.success();
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            return HandlerVerdict.of(e);
        } finally {
            attempt.leaveHandler();
        }
    }

    /**
     * Writes the verdict and its log entry under the claim's fence; false, when the claim was lost, means the
     * result is discarded. The settlement is worked out afresh on each try, inside the retrier, because
     * choosing a retry policy may itself read a store that is busy for a moment.
     */
    private boolean settle(RunningAttempt attempt, HandlerVerdict verdict, Optional<AttemptRecord> logEntry) {
        Intent intent = attempt.intent;
        boolean landed = outcomeRetrier.call("settle", () -> {
            Instant now = queue.clock().instant();
            Settlement settlement = verdict.settlement(intent, () -> retryPolicyOf(intent), now);
            return store.settle(attempt.claim, settlement, logEntry, now);
        }).orElse(false);
        if (!landed) {
            log.debug("attempt {} of intent {} lost its claim before its outcome was written", intent.attempts(), intent.id());
        }
        return landed;
    }

    private RetryPolicy retryPolicyOf(Intent intent) {
        return retryPolicies.getOrDefault(intent.kind(), any -> defaultRetryPolicy).apply(intent);
    }

    private void renew(RunningAttempt attempt) {
        try {
            if (!store.renew(attempt.claim, queue.clock().instant(), settings.lease())) {
                attempt.callOff();
                attempt.stopRenewing();
            }
        } catch (TransientStoreException e) {
            // The lease still has two renewals' worth of slack; the next tick tries again.
            metrics.storeRetried("renew");
        } catch (StoreException e) {
            stopOnStoreFailure(e);
            attempt.callOff();
        }
    }

    private void stopOnStoreFailure(StoreException e) {
        if (failure == null) {
            failure = e;
            log.error("worker pool stopped: the intent store failed", e);
            dispatcher.interrupt();
        }
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Assembles a pool: handlers per kind, retry policies, settings and metrics. */
    public static final class Builder {
        private final IntentQueue queue;
        private final Map<String, IntentHandler> handlers = new HashMap<>();
        private final Map<String, RetryPolicy> retryPolicies = new HashMap<>();
        private final Map<String, Function<Intent, RetryPolicy>> retryPoliciesPerIntent = new HashMap<>();
        private RetryPolicy defaultRetryPolicy = new ExponentialBackoff();
        private PoolSettings settings = PoolSettings.defaults();
        private QueueMetrics metrics = QueueMetrics.NONE;
        private KindLabels kindLabels = KindLabels.defaults();

        private Builder(IntentQueue queue) {
            this.queue = Objects.requireNonNull(queue, "queue");
        }

        public Builder handler(String kind, IntentHandler handler) {
            handlers.put(Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(handler, "handler"));
            return this;
        }

        /** The policy for one kind; kinds without one use {@link #defaultRetryPolicy}. */
        public Builder retryPolicy(String kind, RetryPolicy policy) {
            retryPolicies.put(Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(policy, "policy"));
            return this;
        }

        /**
         * The policy for one kind, chosen per intent: for work whose retry schedule belongs to its target
         * rather than to its kind. Takes precedence over {@link #retryPolicy} for the same kind.
         */
        public Builder retryPolicyPerIntent(String kind, Function<Intent, RetryPolicy> policyOf) {
            retryPoliciesPerIntent.put(Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(policyOf, "policyOf"));
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

        public WorkerPool build() {
            return new WorkerPool(this);
        }

        /** Every kind's policy as a choice per intent, the per-intent ones winning whatever the call order. */
        private Map<String, Function<Intent, RetryPolicy>> retryPolicies() {
            Map<String, Function<Intent, RetryPolicy>> all = new HashMap<>();
            retryPolicies.forEach((kind, policy) -> all.put(kind, intent -> policy));
            all.putAll(retryPoliciesPerIntent);
            return Map.copyOf(all);
        }
    }
}
