package io.hookrelay.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One entry of an intent's attempt log, written by the worker in the same transaction as the attempt's
 * outcome, or by the store when the attempt was abandoned.
 *
 * @param attempt   the attempt's number, as {@link Intent#attempts()} had it while the attempt ran
 * @param outcome   {@link AttemptOutcome#SUCCESS}, {@link AttemptOutcome#ERROR},
 *                  {@link AttemptOutcome#STOP}, {@link AttemptOutcome#NO_HANDLER} or {@link AttemptOutcome#ABANDONED};
 *                  a fenced worker does not log its attempt because it no longer owns the intent and may not
 *                  write to it: whoever took the intent from it logged the attempt as abandoned
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

    /**
     * Why an attempt was {@link AttemptOutcome#ABANDONED}, in the words its log entry gives. Whoever takes an
     * intent from a worker that began an attempt logs it, in the same transaction, so no attempt number is
     * missing from the log: the taker cannot know what the receiver saw, only that no outcome was written.
     */
    public enum Abandonment {
        /** A claim took the intent over after its lease ended unrenewed. */
        LEASE_ENDED("abandoned: its lease ended with no outcome written (the node running it stopped, "
                + "lost its database or could not write)"),
        /** The process that owned the data directory stopped while the attempt ran; found at the next start. */
        PROCESS_STOPPED("abandoned: the process running it stopped before writing an outcome"),
        /** An operator sent the intent again while the attempt ran; its outcome is discarded. */
        RETRIED("abandoned: retried by an operator while it ran; its outcome is discarded"),
        /** An operator, or the removal of its target, cancelled the intent while the attempt ran. */
        CANCELLED("abandoned: cancelled while it ran; its outcome is discarded");

        private final String why;

        Abandonment(String why) {
            this.why = why;
        }

        /** The attempt-log entry's {@link AttemptRecord#error()}. */
        public String why() {
            return why;
        }
    }
}
