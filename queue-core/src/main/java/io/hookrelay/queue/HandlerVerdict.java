package io.hookrelay.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a handler's attempt amounted to, and so what the worker writes for it: the one place that reads
 * meaning into how a handler ended. Either the handler attempted the work ({@link Attempted}, logged and
 * counted whatever came of it) or it declined to start ({@link Snoozed}, which is neither).
 */
sealed interface HandlerVerdict {
    /** Errors are kept for operators, not archives: a runaway message must not bloat every row. */
    int MAX_ERROR_CHARS = 2000;

    static HandlerVerdict success() {
        return new Attempted(AttemptOutcome.SUCCESS, "", Optional.empty());
    }

    static HandlerVerdict of(Throwable thrown) {
        if (thrown instanceof SnoozeException snooze) {
            return new Snoozed(snooze.until());
        }
        if (thrown instanceof StopException) {
            return new Attempted(AttemptOutcome.STOP, describe(thrown), Optional.empty());
        }
        Optional<Instant> notBefore = thrown instanceof RetryLaterException later
                ? Optional.of(later.notBefore())
                : Optional.empty();
        return new Attempted(AttemptOutcome.ERROR, describe(thrown), notBefore);
    }

    static HandlerVerdict noHandler(String kind) {
        return new Attempted(AttemptOutcome.NO_HANDLER, "no handler registered for kind " + kind, Optional.empty());
    }

    /**
     * How the intent leaves {@code running}. {@code policy} is asked only when a failure is to be retried
     * or given up, since choosing it may read a store.
     */
    Settlement settlement(Intent intent, Supplier<RetryPolicy> policy, Instant now);

    /** The attempt-log entry, when the handler attempted anything. */
    Optional<AttemptRecord> logEntry(Intent intent, Instant startedAt, Duration took, AttemptDetail detail);

    /** The outcome to count once written; empty when there was no attempt to count. */
    Optional<AttemptOutcome> countedAs();

    /**
     * The handler attempted the work.
     *
     * @param error     why it failed; empty on success
     * @param notBefore the earliest next attempt the handler asked for, if it asked
     */
    record Attempted(AttemptOutcome outcome, String error, Optional<Instant> notBefore) implements HandlerVerdict {
        public Attempted {
            if (outcome == AttemptOutcome.FENCED) {
                throw new IllegalArgumentException("fenced is decided by the claim, not by the handler");
            }
            error = TextLimit.cut(error, MAX_ERROR_CHARS);
        }

        @Override
        public Settlement settlement(Intent intent, Supplier<RetryPolicy> policy, Instant now) {
            return switch (outcome) {
                case SUCCESS -> new Settlement.Complete();
                case STOP -> new Settlement.Fail(error);
                case ERROR, NO_HANDLER -> retryOrGiveUp(intent, policy.get(), now);
                case FENCED -> throw new IllegalStateException("a fenced attempt is never settled");
            };
        }

        /** A handler's "not before" only ever pushes the policy's time later, never earlier. */
        private Settlement retryOrGiveUp(Intent intent, RetryPolicy policy, Instant now) {
            Optional<Duration> delay = policy.delayAfter(intent.id(), intent.attempts());
            if (delay.isEmpty()) {
                return new Settlement.Fail(error + " (gave up after " + intent.attempts()
                        + (intent.attempts() == 1 ? " attempt)" : " attempts)"));
            }
            Instant byPolicy = now.plus(delay.get());
            return new Settlement.Retry(notBefore.filter(byPolicy::isBefore).orElse(byPolicy), error);
        }

        @Override
        public Optional<AttemptRecord> logEntry(Intent intent, Instant startedAt, Duration took, AttemptDetail detail) {
            return Optional.of(new AttemptRecord(intent.attempts(), startedAt, took, outcome, error, detail));
        }

        @Override
        public Optional<AttemptOutcome> countedAs() {
            return Optional.of(outcome);
        }
    }

    /** The handler did not start the work, its counterpart having no room for it before {@code until}. */
    record Snoozed(Instant until) implements HandlerVerdict {
        @Override
        public Settlement settlement(Intent intent, Supplier<RetryPolicy> policy, Instant now) {
            return new Settlement.Snooze(until);
        }

        @Override
        public Optional<AttemptRecord> logEntry(Intent intent, Instant startedAt, Duration took, AttemptDetail detail) {
            return Optional.empty();
        }

        @Override
        public Optional<AttemptOutcome> countedAs() {
            return Optional.empty();
        }
    }

    private static String describe(Throwable thrown) {
        String message = thrown.getMessage();
        return message == null || message.isBlank() ? thrown.getClass().getName() : message;
    }
}
