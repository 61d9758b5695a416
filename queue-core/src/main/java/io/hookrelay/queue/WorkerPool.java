package io.hookrelay.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs handlers for claimed intents on a fixed number of worker threads.
 *
 * <p>An {@link IntentHandler} holds its thread for its whole attempt, so no more of them run than there are
 * workers. An {@link AsyncIntentHandler} holds one only to start its attempt and, once the attempt's stage has
 * completed, to decide and write its outcome: up to {@link PoolSettings#maxInFlight()} of its attempts may be
 * waiting at once, on however few threads, so attempts that wait long (a slow receiver) cannot keep the
 * others from starting.
 *
 * <p>One dispatcher thread claims in batches, ahead of the workers, so a worker that finishes finds its next
 * intent already claimed instead of waiting for a write. Everything the pool has claimed (waiting for a
 * worker, running, or waiting for its outcome to be written) is owned by it until that outcome is durable:
 * one renewal every {@link PoolSettings#renewEvery()} extends all those leases in one write, and a claim the
 * pool owns is never re-dispatched by it. Whether an intent is taken again is decided by ownership, never by
 * how old its row looks; a lease runs out only when its owner is gone or cannot reach the store for a whole
 * lease. If a renewal finds a claim lost (an operator retried or cancelled it), the attempt is called off
 * and its result discarded (outcome {@code fenced}).
 *
 * <p>A worker hands its outcome to the store without waiting for the commit and goes on to the next intent;
 * a store with group commit then writes many outcomes in one transaction. Outcome writes that fail
 * transiently are repeated until they land; a store that fails for good stops the pool and
 * {@link #isRunning()} turns false, so readiness reports it instead of the pool spinning.
 */
public final class WorkerPool implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WorkerPool.class);
    private static final Duration ABANDON_WAIT = Duration.ofSeconds(5);

    private enum State { NEW, RUNNING, STOPPING, STOPPED }

    private final IntentQueue queue;
    private final IntentStore store;
    private final PoolSettings settings;
    private final Map<String, IntentHandler> handlers;
    private final Map<String, AsyncIntentHandler> asyncHandlers;
    private final Map<String, Function<Intent, RetryPolicy>> retryPolicies;
    private final RetryPolicy defaultRetryPolicy;
    private final QueueMetrics metrics;
    private final KindLabels kindLabels;
    private final OutcomeListener outcomes;

    /** How many more intents the pool may own: attempts in flight plus one claim batch waiting for a worker. */
    private final Semaphore room;
    /** Claimed intents handed to the workers and not yet started, whether or not they have a slot yet. */
    private final AtomicInteger waiting = new AtomicInteger();
    /** One per attempt whose handler is under way, or that is on its way to a worker to begin. */
    private final Semaphore slots;
    /** Claimed intents waiting for a slot, in the order they were claimed. */
    private final Queue<RunningAttempt> ready = new ConcurrentLinkedQueue<>();
    private final int refillBelow;
    private final Semaphore wakeups = new Semaphore(0);
    private final Map<ClaimRef, RunningAttempt> owned = new ConcurrentHashMap<>();
    /** The newest owned claim of each intent: a newer one starts only once the one before is released. */
    private final Map<String, RunningAttempt> newestOfIntent = new ConcurrentHashMap<>();
    private final Object ownedChanged = new Object();
    private final ExecutorService workers;
    private final ScheduledExecutorService upkeep;
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
            RunningAttempt attempt = owned.get(revoked);
            if (attempt != null) {
                attempt.callOff();
            }
        }

        @Override
        public void paused(String kind, String target) {
            owned.values().stream()
                    .filter(attempt -> attempt.intent.kind().equals(kind) && attempt.intent.target().equals(target))
                    .forEach(attempt -> {
                        attempt.holdBackUnlessBegun();
                        if (ready.remove(attempt)) {
                            oneFewerWaiting();
                            giveBack(attempt);
                        }
                    });
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
        this.asyncHandlers = Map.copyOf(builder.asyncHandlers);
        this.retryPolicies = builder.retryPolicies();
        this.defaultRetryPolicy = builder.defaultRetryPolicy;
        this.metrics = builder.metrics;
        this.kindLabels = builder.kindLabels;
        this.outcomes = builder.outcomes;
        this.room = new Semaphore(settings.maxInFlight() + settings.maxClaimBatch());
        this.slots = new Semaphore(settings.maxInFlight());
        this.refillBelow = Math.max(1, settings.maxClaimBatch() / 2);
        this.workers = Executors.newFixedThreadPool(settings.workers(), DaemonThreads.named("hookrelay-worker-"));
        this.upkeep = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("hookrelay-queue-upkeep-"));
        this.dispatcher = DaemonThreads.named("hookrelay-dispatcher-").newThread(this::dispatch);
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
        long every = settings.renewEvery().toMillis();
        upkeep.scheduleAtFixedRate(this::renewOwned, every, every, TimeUnit.MILLISECONDS);
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
            workers.shutdownNow();
            upkeep.shutdownNow();
            return;
        }
        state = State.STOPPING;
        queue.removeListener(listener);
        dispatcher.interrupt();
        try {
            dispatcher.join();
            for (RunningAttempt notBegun = ready.poll(); notBegun != null; notBegun = ready.poll()) {
                waiting.decrementAndGet();
                giveBack(notBegun);
            }
            if (!awaitOutcomesUntil(System.nanoTime() + settings.shutdownGrace().toNanos())) {
                abandonOwnedClaims();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abandonOwnedClaims();
        } finally {
            workers.shutdown();
            upkeep.shutdownNow();
            state = State.STOPPED;
        }
    }

    private boolean awaitOutcomesUntil(long deadline) throws InterruptedException {
        synchronized (ownedChanged) {
            while (!owned.isEmpty()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                ownedChanged.wait(left);
            }
            return true;
        }
    }

    private void abandonOwnedClaims() {
        abandonClaims = true;
        long begun = owned.values().stream().filter(RunningAttempt::begun).count();
        log.info("shutdown grace over: leaving {} running attempt(s) and {} claimed but not started to lease expiry",
                begun, owned.size() - begun);
        owned.values().forEach(RunningAttempt::callOff);
        workers.shutdownNow();
        try {
            workers.awaitTermination(ABANDON_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A claimed intent stopped waiting for a worker (it began, or a pause took it back): the dispatcher,
     * which waits for the waiting ones to fall below {@link #refillBelow}, may claim again.
     */
    private void oneFewerWaiting() {
        if (waiting.decrementAndGet() < refillBelow) {
            wake();
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
                int wanted = awaitRoomToClaim();
                long claimedAt = System.nanoTime();
                List<Intent> claimed = claimRetrier
                        .call("claim", () -> store.claim(queue.clock().instant(), settings.lease(), wanted))
                        .orElse(List.of());
                room.release(wanted - claimed.size());
                claimed.forEach(this::handOut);
                if (claimed.size() < wanted) {
                    wakeups.tryAcquire(settings.idlePoll().toMillis(), TimeUnit.MILLISECONDS);
                    TimeUnit.NANOSECONDS.sleep(claimedAt + settings.claimCooldown().toNanos() - System.nanoTime());
                    wakeups.drainPermits();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (StoreException e) {
            stopOnStoreFailure(e);
        }
    }

    /**
     * Waits until fewer than {@link #refillBelow} claimed intents wait for a worker and the pool may own
     * more, then takes room for as many as make the waiting ones a full claim batch again.
     *
     * @return how many intents to claim, at least one
     */
    private int awaitRoomToClaim() throws InterruptedException {
        while (waiting.get() >= refillBelow) {
            wakeups.acquire();
        }
        int wanted = settings.maxClaimBatch() - waiting.get();
        room.acquire();
        int taken = 1;
        while (taken < wanted && room.tryAcquire()) {
            taken++;
        }
        return taken;
    }

    /**
     * Gives a claimed intent to the workers. If the pool still owns an earlier claim of the same intent (an
     * operator retried it, or the lease ran out while a slow store kept renewals from landing), that claim is
     * lost: its attempt is called off, and the new one waits until it is released, so one process never runs
     * two attempts of an intent at once.
     */
    private void handOut(Intent intent) {
        RunningAttempt attempt = new RunningAttempt(intent);
        owned.put(attempt.claim, attempt);
        waiting.incrementAndGet();
        Runnable start = () -> {
            ready.add(attempt);
            startReady();
        };
        RunningAttempt earlier = newestOfIntent.put(intent.id(), attempt);
        if (earlier != null && earlier.followWith(start)) {
            earlier.callOff();
        } else {
            start.run();
        }
    }

    /** Hands waiting intents to the workers, in claim order, for as long as there are slots for them. */
    private void startReady() {
        while (!ready.isEmpty() && slots.tryAcquire()) {
            RunningAttempt next = ready.poll();
            if (next == null) {
                slots.release();
                return;
            }
            next.tookSlot();
            try {
                workers.execute(() -> runAttempt(next));
            } catch (RejectedExecutionException closing) {
                // An earlier claim's outcome landed after close() stopped the workers: leave this one to expire.
                waiting.decrementAndGet();
                release(next);
            }
        }
    }

    /** The attempt's handler is done with, or it never began: its slot goes to the next waiting intent. */
    private void freeSlot(RunningAttempt attempt) {
        if (attempt.giveSlotBack()) {
            slots.release();
            startReady();
        }
    }

    private void runAttempt(RunningAttempt attempt) {
        oneFewerWaiting();
        try {
            if (attempt.calledOff()) {
                release(attempt);
            } else if (state != State.RUNNING || !attempt.begin()) {
                freeSlot(attempt);
                giveBack(attempt);
            } else {
                attempt(attempt);
            }
        } catch (StoreException e) {
            stopOnStoreFailure(e);
            release(attempt);
        }
    }

    private void attempt(RunningAttempt attempt) {
        Instant started = queue.clock().instant();
        AsyncIntentHandler async = asyncHandlers.get(attempt.intent.kind());
        if (async == null) {
            HandlerVerdict verdict = invokeHandler(attempt);
            freeSlot(attempt);
            conclude(attempt, verdict, started);
            return;
        }
        startAsync(async, attempt).whenCompleteAsync((ignored, thrown) -> {
            freeSlot(attempt);
            try {
                conclude(attempt, thrown == null ? HandlerVerdict.success() : HandlerVerdict.of(Completions.causeOf(thrown)), started);
            } catch (StoreException e) {
                stopOnStoreFailure(e);
                release(attempt);
            }
        }, workers);
    }

    /** The handler's stage; one that could not even be started is a stage that failed with why. */
    private CompletionStage<Void> startAsync(AsyncIntentHandler handler, RunningAttempt attempt) {
        try {
            return Objects.requireNonNull(handler.start(attempt.intent, attempt.context), "the stage start returned");
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            return CompletableFuture.failedFuture(e);
        }
    }


    /**
     * Writes what the attempt amounted to, unless it was called off meanwhile. The work's duration is the handler's
     * whole time; the attempt log's counts from where the handler marked its start, if it did and the mark lies
     * within the handler's run (a clock that jumped may put it outside).
     */
    private void conclude(RunningAttempt attempt, HandlerVerdict verdict, Instant started) {
        Intent intent = attempt.intent;
        Instant ended = queue.clock().instant();
        Duration took = Duration.between(started, ended);
        Optional<AttemptOutcome> countedAs = verdict.countedAs();
        if (attempt.calledOff()) {
            finish(attempt, countedAs.map(outcome -> AttemptOutcome.FENCED), took);
            return;
        }
        Instant logged = attempt.context.startedAt().filter(marked -> !marked.isBefore(started) && !marked.isAfter(ended))
                .orElse(started);
        Optional<AttemptRecord> logEntry = verdict.logEntry(intent, logged, Duration.between(logged, ended), attempt.context.detail());
        Optional<Settlement> settlement = outcomeRetrier.call("settle",
                () -> verdict.settlement(intent, () -> retryPolicyOf(intent), queue.clock().instant()));
        if (settlement.isEmpty()) {
            finish(attempt, countedAs.map(outcome -> AttemptOutcome.FENCED), took);
            return;
        }
        writeOutcome(attempt, settlement.get(), logEntry, landed -> {
            if (landed) {
                tellOutcome(intent, settlement.get());
            }
            finish(attempt, countedAs.map(outcome -> landed ? outcome : AttemptOutcome.FENCED), took);
        }, StoreRetrier.FIRST_PAUSE);
    }

    /** A listener that throws is a bug of its own; it must not keep the attempt's claim from being released. */
    private void tellOutcome(Intent intent, Settlement settlement) {
        try {
            outcomes.settled(intent, settlement);
        } catch (RuntimeException e) {
            log.error("the outcome listener failed on intent {}", intent.id(), e);
        }
    }

    /**
     * Shutting down, or the intent's pair was paused: a claim no worker began goes back to pending with its
     * attempt returned (and, paused, stays held there until the resume).
     */
    private void giveBack(RunningAttempt attempt) {
        writeOutcome(attempt, new Settlement.Snooze(queue.clock().instant()), Optional.empty(), landed -> release(attempt),
                StoreRetrier.FIRST_PAUSE);
    }

    /**
     * Writes a settlement under the claim's fence without waiting for it; {@code then} hears whether it landed
     * ({@code false}: the claim was lost, or the pool gave the write up at shutdown). A transient failure is
     * repeated after {@code pause}, growing; any other ends the attempt unwritten, its claim left to expire.
     */
    private void writeOutcome(RunningAttempt attempt, Settlement settlement, Optional<AttemptRecord> logEntry,
            Consumer<Boolean> then, Duration pause) {
        store.settleAsync(attempt.claim, settlement, logEntry, queue.clock().instant())
                .whenCompleteAsync((landed, thrown) -> {
                    if (thrown == null) {
                        then.accept(landed);
                        return;
                    }
                    Throwable cause = Completions.causeOf(thrown);
                    if (cause instanceof TransientStoreException && !abandonClaims) {
                        metrics.storeRetried("settle");
                        upkeep.schedule(() -> writeOutcome(attempt, settlement, logEntry, then, StoreRetrier.nextPause(pause)),
                                pause.toMillis(), TimeUnit.MILLISECONDS);
                        return;
                    }
                    if (cause instanceof StoreException storeFailure) {
                        stopOnStoreFailure(storeFailure);
                    } else if (!(cause instanceof TransientStoreException)) {
                        log.error("writing the outcome of attempt {} of intent {} failed", attempt.intent.attempts(),
                                attempt.intent.id(), cause);
                    }
                    then.accept(false);
                }, upkeep);
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

    private void finish(RunningAttempt attempt, Optional<AttemptOutcome> countedAs, Duration took) {
        if (countedAs.orElse(null) == AttemptOutcome.FENCED) {
            log.debug("attempt {} of intent {} lost its claim before its outcome was written", attempt.intent.attempts(),
                    attempt.intent.id());
        }
        countedAs.ifPresent(outcome -> metrics.attemptFinished(kindLabels.label(attempt.intent.kind()), outcome, took));
        release(attempt);
    }

    /** The pool no longer owns the intent: its outcome is written, or its claim is lost or given up. */
    private void release(RunningAttempt attempt) {
        freeSlot(attempt);
        newestOfIntent.remove(attempt.intent.id(), attempt);
        Optional<Runnable> follower = attempt.release();
        owned.remove(attempt.claim, attempt);
        room.release();
        synchronized (ownedChanged) {
            ownedChanged.notifyAll();
        }
        follower.ifPresent(Runnable::run);
    }

    private RetryPolicy retryPolicyOf(Intent intent) {
        return retryPolicies.getOrDefault(intent.kind(), any -> defaultRetryPolicy).apply(intent);
    }

    /** Extends every owned claim's lease in one write; attempts whose claims were lost are called off. */
    private void renewOwned() {
        List<RunningAttempt> held = List.copyOf(owned.values());
        if (held.isEmpty()) {
            return;
        }
        try {
            Set<ClaimRef> lost = store.renewAll(held.stream().map(attempt -> attempt.claim).toList(),
                    queue.clock().instant(), settings.lease());
            held.stream().filter(attempt -> lost.contains(attempt.claim)).forEach(RunningAttempt::callOff);
        } catch (TransientStoreException e) {
            // The leases still have two renewals' worth of slack; the next tick tries again.
            metrics.storeRetried("renew");
        } catch (StoreException e) {
            stopOnStoreFailure(e);
            held.forEach(RunningAttempt::callOff);
        }
    }

    private void stopOnStoreFailure(StoreException e) {
        if (failure == null) {
            failure = e;
            log.error("worker pool stopped: the intent store failed", e);
            dispatcher.interrupt();
        }
    }

    /** Assembles a pool: handlers per kind, retry policies, settings and metrics. */
    public static final class Builder {
        private final IntentQueue queue;
        private final Map<String, IntentHandler> handlers = new HashMap<>();
        private final Map<String, AsyncIntentHandler> asyncHandlers = new HashMap<>();
        private final Map<String, RetryPolicy> retryPolicies = new HashMap<>();
        private final Map<String, Function<Intent, RetryPolicy>> retryPoliciesPerIntent = new HashMap<>();
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

        /** Hears every settlement the pool's attempts write; defaults to {@link OutcomeListener#NONE}. */
        public Builder outcomeListener(OutcomeListener outcomes) {
            this.outcomes = Objects.requireNonNull(outcomes, "outcomes");
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
