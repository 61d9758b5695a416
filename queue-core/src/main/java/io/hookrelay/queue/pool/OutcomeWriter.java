package io.hookrelay.queue.pool;

import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.Completions;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.KindLabels;
import io.hookrelay.queue.QueueMetrics;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes how attempts settled their intents, under their claims' fences, and counts them once written. A worker
 * hands the write over without waiting for the commit and goes on to its next intent; a store with group commit
 * then writes many outcomes in one transaction. A write that fails transiently is repeated after a growing pause
 * until it lands, so a busy store never drops an outcome; one that fails for good stops the pool, the claim left to
 * expire. What follows a write runs on the pool's upkeep thread.
 */
final class OutcomeWriter {
    private static final Logger log = LoggerFactory.getLogger(WorkerPool.class);

    private final IntentStore store;
    private final Clock clock;
    private final QueueMetrics metrics;
    private final KindLabels kindLabels;
    private final OutcomeListener outcomes;
    private final ScheduledExecutorService upkeep;
    private final Consumer<StoreException> onStoreFailure;
    private volatile boolean givenUp;

    OutcomeWriter(IntentQueue queue, QueueMetrics metrics, KindLabels kindLabels, OutcomeListener outcomes,
                  ScheduledExecutorService upkeep, Consumer<StoreException> onStoreFailure) {
        this.store = queue.store();
        this.clock = queue.clock();
        this.metrics = metrics;
        this.kindLabels = kindLabels;
        this.outcomes = outcomes;
        this.upkeep = upkeep;
        this.onStoreFailure = onStoreFailure;
    }

    /**
     * Writes what the attempt amounted to, unless it was called off meanwhile, then counts it and has the pool
     * {@code letGo} of it. The work's duration is the handler's whole time; the attempt log's counts from where the
     * handler marked its start, if it did and the mark lies within the handler's run (a clock that jumped may put
     * it outside).
     */
    void conclude(RunningAttempt attempt, Ending ending, Instant started, Runnable letGo) {
        Intent intent = attempt.intent;
        Instant ended = clock.instant();
        Duration took = Duration.between(started, ended);
        Optional<AttemptOutcome> countedAs = ending.countedAs();
        if (attempt.calledOff()) {
            finish(attempt, countedAs.map(outcome -> AttemptOutcome.FENCED), took, letGo);
            return;
        }
        Instant logged = attempt.context.startedAt().filter(marked -> !marked.isBefore(started) && !marked.isAfter(ended))
                .orElse(started);
        Optional<AttemptRecord> logEntry = ending.logEntry(intent, logged, Duration.between(logged, ended), attempt.context.detail());
        Settlement settlement = ending.settlement(intent, clock.instant());
        write(attempt, settlement, logEntry, landed -> {
            if (landed) {
                tellOutcome(intent, settlement);
            }
            finish(attempt, countedAs.map(outcome -> landed ? outcome : AttemptOutcome.FENCED), took, letGo);
        }, StoreRetrier.FIRST_PAUSE);
    }

    /**
     * A claim no worker began (the pool is shutting down, or the intent's pair was paused) goes back to pending
     * with its attempt returned and, paused, stays held there until the resume; then the pool may {@code letGo}.
     */
    void giveBack(RunningAttempt attempt, Runnable letGo) {
        write(attempt, new Settlement.Snooze(clock.instant()), Optional.empty(), landed -> letGo.run(), StoreRetrier.FIRST_PAUSE);
    }

    /** The pool gives its claims up to expire: a write that fails transiently from now on is not repeated. */
    void giveUp() {
        givenUp = true;
    }

    /**
     * Writes a settlement under the claim's fence without waiting for it; {@code then} hears whether it landed
     * ({@code false}: the claim was lost, or the pool gave the write up at shutdown). A transient failure is
     * repeated after {@code pause}, growing; any other ends the attempt unwritten, its claim left to expire.
     */
    private void write(RunningAttempt attempt, Settlement settlement, Optional<AttemptRecord> logEntry, Consumer<Boolean> then,
                       Duration pause) {
        store.settleAsync(attempt.claim, settlement, logEntry, clock.instant())
                .whenCompleteAsync((landed, thrown) -> {
                    if (thrown == null) {
                        then.accept(landed);
                        return;
                    }
                    Throwable cause = Completions.causeOf(thrown);
                    if (cause instanceof TransientStoreException && !givenUp) {
                        metrics.storeRetried("settle");
                        upkeep.schedule(() -> write(attempt, settlement, logEntry, then, StoreRetrier.nextPause(pause)),
                                pause.toMillis(), TimeUnit.MILLISECONDS);
                        return;
                    }
                    if (cause instanceof StoreException storeFailure) {
                        onStoreFailure.accept(storeFailure);
                    } else {
                        log.error("writing the outcome of attempt {} of intent {} failed", attempt.intent.attempts(),
                                attempt.intent.id(), cause);
                    }
                    then.accept(false);
                }, upkeep);
    }

    /** A listener that throws is a bug of its own; it must not keep the attempt's claim from being let go. */
    private void tellOutcome(Intent intent, Settlement settlement) {
        try {
            outcomes.settled(intent, settlement);
        } catch (RuntimeException e) {
            log.error("the outcome listener failed on intent {}", intent.id(), e);
        }
    }

    private void finish(RunningAttempt attempt, Optional<AttemptOutcome> countedAs, Duration took, Runnable letGo) {
        if (countedAs.orElse(null) == AttemptOutcome.FENCED) {
            log.debug("attempt {} of intent {} lost its claim before its outcome was written", attempt.intent.attempts(),
                    attempt.intent.id());
        }
        countedAs.ifPresent(outcome -> metrics.attemptFinished(kindLabels.label(attempt.intent.kind()), outcome, took));
        letGo.run();
    }
}
