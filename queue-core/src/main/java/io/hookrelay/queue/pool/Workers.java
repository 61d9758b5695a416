package io.hookrelay.queue.pool;

import io.hookrelay.queue.AsyncIntentHandler;
import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentHandler;
import io.hookrelay.queue.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A pool's worker threads and its slots for attempts under way: begins claimed attempts in claim order as slots
 * free up, runs their handlers, and hands how they ended to the {@link OutcomeWriter}.
 *
 * <p>An {@link IntentHandler} holds its thread for its whole attempt, so no more of them run than there are
 * threads. An {@link AsyncIntentHandler} holds one only to start its attempt and, once the attempt's stage has
 * completed, to decide and write its outcome: up to {@link PoolSettings#maxInFlight()} of its attempts may be
 * waiting at once, on however few threads, so attempts that wait long (a slow receiver) cannot keep the
 * others from starting.
 */
final class Workers {
    private final Clock clock;
    private final Handlers handlers;
    private final OwnedAttempts owned;
    private final ClaimLoop claims;
    private final OutcomeWriter writer;
    private final BooleanSupplier mayBegin;
    private final Consumer<StoreException> onStoreFailure;
    /** One per attempt whose handler is under way, or that is on its way to a worker to begin. */
    private final Semaphore slots;
    /** Claimed intents waiting for a slot, in the order they were claimed. */
    private final Queue<RunningAttempt> ready = new ConcurrentLinkedQueue<>();
    private final ExecutorService threads;

    /** @param mayBegin whether attempts may still begin; once not, what comes to a worker is given back */
    Workers(PoolSettings settings, Clock clock, Handlers handlers, OwnedAttempts owned, ClaimLoop claims, OutcomeWriter writer,
            BooleanSupplier mayBegin, Consumer<StoreException> onStoreFailure) {
        this.clock = clock;
        this.handlers = handlers;
        this.owned = owned;
        this.claims = claims;
        this.writer = writer;
        this.mayBegin = mayBegin;
        this.onStoreFailure = onStoreFailure;
        this.slots = new Semaphore(settings.maxInFlight());
        this.threads = Executors.newFixedThreadPool(settings.workers(), DaemonThreads.named("hookrelay-worker-"));
    }

    /** Takes a claimed intent, which waits for a slot behind those claimed before it and any earlier claim of it. */
    void take(Intent intent) {
        owned.own(intent, attempt -> {
            ready.add(attempt);
            startReady();
        });
    }

    /** The pair was paused: what the pool claimed of it and no worker has begun goes back, held there until the resume. */
    void holdBack(String kind, String target) {
        owned.of(kind, target).forEach(attempt -> {
            attempt.holdBackUnlessBegun();
            if (ready.remove(attempt)) {
                claims.oneFewerWaiting();
                giveBack(attempt);
            }
        });
    }

    /** Shutting down: what still waits for a slot goes back at once, for whoever claims next. */
    void giveBackNotBegun() {
        for (RunningAttempt notBegun = ready.poll(); notBegun != null; notBegun = ready.poll()) {
            claims.oneFewerWaiting();
            giveBack(notBegun);
        }
    }

    /** Takes no more attempts; those under way finish and have their outcomes written. */
    void shutdown() {
        threads.shutdown();
    }

    /** Interrupts the handlers still running and waits up to {@code wait} for the threads to end. */
    void shutdownNow(Duration wait) {
        threads.shutdownNow();
        try {
            threads.awaitTermination(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Hands waiting intents to the threads, in claim order, for as long as there are slots for them. */
    private void startReady() {
        while (!ready.isEmpty() && slots.tryAcquire()) {
            RunningAttempt next = ready.poll();
            if (next == null) {
                slots.release();
                return;
            }
            next.tookSlot();
            try {
                threads.execute(() -> begin(next));
            } catch (RejectedExecutionException closing) {
                // An earlier claim's outcome landed after close() stopped the workers: leave this one to expire.
                claims.oneFewerWaiting();
                letGo(next);
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

    private void begin(RunningAttempt attempt) {
        claims.oneFewerWaiting();
        try {
            if (attempt.calledOff()) {
                letGo(attempt);
            } else if (!mayBegin.getAsBoolean() || !attempt.begin()) {
                freeSlot(attempt);
                giveBack(attempt);
            } else {
                run(attempt);
            }
        } catch (StoreException e) {
            onStoreFailure.accept(e);
            letGo(attempt);
        }
    }

    private void run(RunningAttempt attempt) {
        Instant started = clock.instant();
        if (!handlers.waitWithoutThread(attempt.intent.kind())) {
            Ending ending = handlers.run(attempt);
            freeSlot(attempt);
            writer.conclude(attempt, ending, started, () -> letGo(attempt));
            return;
        }
        handlers.start(attempt).whenCompleteAsync((verdict, failure) -> {
            freeSlot(attempt);
            try {
                writer.conclude(attempt, handlers.ending(attempt.intent, verdict, failure), started, () -> letGo(attempt));
            } catch (StoreException e) {
                onStoreFailure.accept(e);
                letGo(attempt);
            }
        }, threads);
    }

    private void giveBack(RunningAttempt attempt) {
        writer.giveBack(attempt, () -> letGo(attempt));
    }

    /** The pool no longer owns the intent: its slot, its room and any newer claim of it waiting are freed. */
    private void letGo(RunningAttempt attempt) {
        freeSlot(attempt);
        Optional<Runnable> follower = owned.letGo(attempt);
        claims.roomFreed();
        follower.ifPresent(Runnable::run);
    }
}
