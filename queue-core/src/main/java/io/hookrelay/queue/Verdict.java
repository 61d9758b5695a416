package io.hookrelay.queue;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How a handler's attempt ended, as the handler returns it: the pool writes the intent's change from it, so a
 * handler says what it knows (when to come back, which schedule applies) instead of the pool guessing from what
 * was thrown. Completed, retried and failed attempts are logged and counted; a snooze is neither, as nothing was
 * attempted, and an attempt called off is only counted, as {@code fenced}: nothing of it is the intent's any more.
 */
public sealed interface Verdict
        permits Verdict.Completed, Verdict.RetryLater, Verdict.Failed, Verdict.Snoozed, Verdict.CalledOff {

    /** Errors are kept for operators, not archives: a runaway message must not bloat every row. */
    int MAX_ERROR_CHARS = 2000;

    static Completed completed() {
        return new Completed();
    }

    /** Retried per the kind's {@link RetryPolicy}, unless {@link RetryLater#per} names another. */
    static RetryLater retry(String error) {
        return new RetryLater(error, Optional.empty(), Optional.empty());
    }

    /** {@link #retry(String)}, saying why with what was thrown: its message, or its class's name when it has none. */
    static RetryLater retry(Throwable thrown) {
        String message = thrown.getMessage();
        return retry(message == null || message.isBlank() ? thrown.getClass().getName() : message);
    }

    static Failed failed(String error) {
        return new Failed(error);
    }

    static Snoozed snoozeUntil(Instant until) {
        return new Snoozed(until);
    }

    static CalledOff calledOff() {
        return new CalledOff();
    }

    /** The work is done: the intent is {@code completed}. */
    record Completed() implements Verdict {
    }

    /**
     * The attempt failed and a later one may not. It counts against the policy, so a counterpart that always says
     * "later" cannot keep an intent alive for ever: once the policy has had enough, the intent is {@code failed}.
     *
     * @param policy    the policy the handler chose for this intent (a schedule of the intent's target, say);
     *                  empty for the kind's
     * @param notBefore the earliest next attempt the counterpart asked for (a {@code Retry-After}): it only ever
     *                  pushes the policy's time later, never earlier
     */
    record RetryLater(String error, Optional<RetryPolicy> policy, Optional<Instant> notBefore) implements Verdict {
        public RetryLater {
            Objects.requireNonNull(policy, "policy");
            Objects.requireNonNull(notBefore, "notBefore");
            error = TextLimit.cut(Objects.requireNonNull(error, "error"), MAX_ERROR_CHARS);
        }

        /** Retried per {@code policy} instead of the kind's. */
        public RetryLater per(RetryPolicy policy) {
            return new RetryLater(error, Optional.of(policy), notBefore);
        }

        /** Retried no sooner than {@code at}. */
        public RetryLater noSoonerThan(Instant at) {
            return new RetryLater(error, policy, Optional.of(at));
        }
    }

    /** Retrying cannot help (the request is malformed, the counterpart is gone): {@code failed} at once, with why. */
    record Failed(String error) implements Verdict {
        public Failed {
            error = TextLimit.cut(Objects.requireNonNull(error, "error"), MAX_ERROR_CHARS);
        }
    }

    /**
     * Nothing was attempted, the counterpart having no room for it yet: back to {@code pending} until
     * {@code until}, the attempt given back, so waiting for capacity never uses up a retry policy.
     */
    record Snoozed(Instant until) implements Verdict {
        public Snoozed {
            Objects.requireNonNull(until, "until");
        }
    }

    /**
     * The handler stopped because its attempt was called off ({@link AttemptContext#isCancelled()}): its claim is
     * lost or given up, so nothing of it is written. Returned for an attempt that was not called off, it is a bug
     * of the handler's, retried like anything a handler throws.
     */
    record CalledOff() implements Verdict {
    }
}
