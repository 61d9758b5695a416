package io.hookrelay.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One entry of an intent's attempt log, written by the worker in the same transaction as the attempt's
 * outcome.
 *
 * @param attempt   the attempt's number, as {@link Intent#attempts()} had it while the attempt ran
 * @param outcome   {@link AttemptOutcome#SUCCESS}, {@link AttemptOutcome#ERROR},
 *                  {@link AttemptOutcome#STOP} or {@link AttemptOutcome#NO_HANDLER}; fenced attempts are not
 *                  logged because their worker no longer owns the intent and may not write to it
 * @param error     why the attempt failed; empty when it succeeded
 */
public record AttemptRecord(
        int attempt, Instant startedAt, Duration duration, AttemptOutcome outcome, String error, AttemptDetail detail) {

    public AttemptRecord {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt numbers start at 1: " + attempt);
        }
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(detail, "detail");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("an attempt cannot take negative time: " + duration);
        }
        if (outcome == AttemptOutcome.FENCED) {
            throw new IllegalArgumentException("a fenced attempt is not logged: its worker lost the intent");
        }
    }
}
