package io.hookrelay.queue.pool;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How the pool reads the end of an attempt: what it settles the intent with, logs and counts. The one place that
 * reads meaning into how a handler ended, whether it returned a {@link Verdict}, threw, or there was no handler.
 *
 * @param verdict   what the intent is settled by; never {@link Verdict.CalledOff}, which the pool reads as a
 *                  handler's error unless it did call the attempt off (and then writes nothing)
 * @param policy    what a retry is timed by: the handler's choice, else the kind's
 * @param countedAs the outcome to count once written; empty when there was no attempt to count (a snooze)
 */
record Ending(Verdict verdict, RetryPolicy policy, Optional<AttemptOutcome> countedAs) {

    static Ending of(Verdict verdict, RetryPolicy kindPolicy) {
        if (verdict instanceof Verdict.Completed) {
            return new Ending(verdict, kindPolicy, Optional.of(AttemptOutcome.SUCCESS));
        }
        if (verdict instanceof Verdict.Failed) {
            return new Ending(verdict, kindPolicy, Optional.of(AttemptOutcome.STOP));
        }
        if (verdict instanceof Verdict.RetryLater retry) {
            return new Ending(verdict, retry.policy().orElse(kindPolicy), Optional.of(AttemptOutcome.ERROR));
        }
        if (verdict instanceof Verdict.Snoozed) {
            return new Ending(verdict, kindPolicy, Optional.empty());
        }
        String bug = verdict == null
                ? "the handler returned no verdict"
                : "the handler said its attempt was called off, but it was not";
        return new Ending(Verdict.retry(bug), kindPolicy, Optional.of(AttemptOutcome.ERROR));
    }

    /** The handler threw, or its stage failed: a failure it did not foresee, retried by the kind's policy. */
    static Ending thrown(Throwable thrown, RetryPolicy kindPolicy) {
        return new Ending(Verdict.retry(thrown), kindPolicy, Optional.of(AttemptOutcome.ERROR));
    }

    /** Retried in case a handler of the kind appears. */
    static Ending noHandler(String kind, RetryPolicy kindPolicy) {
        return new Ending(Verdict.retry("no handler registered for kind " + kind), kindPolicy, Optional.of(AttemptOutcome.NO_HANDLER));
    }

    /** How the intent leaves {@code running}. */
    Settlement settlement(Intent intent, Instant now) {
        if (verdict instanceof Verdict.Completed) {
            return new Settlement.Complete();
        }
        if (verdict instanceof Verdict.Failed failed) {
            return new Settlement.Fail(failed.error());
        }
        if (verdict instanceof Verdict.Snoozed snoozed) {
            return new Settlement.Snooze(snoozed.until());
        }
        Verdict.RetryLater retry = (Verdict.RetryLater) verdict;
        Optional<Duration> delay = policy.delayAfter(intent.id(), intent.attempts());
        if (delay.isEmpty()) {
            return new Settlement.Fail(retry.error() + " (gave up after " + intent.attempts()
                    + (intent.attempts() == 1 ? " attempt)" : " attempts)"));
        }
        Instant byPolicy = now.plus(delay.get());
        return new Settlement.Retry(retry.notBefore().filter(byPolicy::isBefore).orElse(byPolicy), retry.error());
    }

    /** The attempt-log entry, when there was an attempt to log. */
    Optional<AttemptRecord> logEntry(Intent intent, Instant startedAt, Duration took, AttemptDetail detail) {
        return countedAs.map(outcome -> new AttemptRecord(intent.attempts(), startedAt, took, outcome, error(), detail));
    }

    private String error() {
        if (verdict instanceof Verdict.Failed failed) {
            return failed.error();
        }
        return verdict instanceof Verdict.RetryLater retry ? retry.error() : "";
    }
}
