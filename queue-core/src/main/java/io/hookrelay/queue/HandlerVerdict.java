package io.hookrelay.queue;

import java.time.Instant;
import java.util.Optional;

/** What a handler's attempt amounted to, before it is written: the outcome, why, and any "not before". */
record HandlerVerdict(AttemptOutcome outcome, String error, Optional<Instant> notBefore) {
    /** Errors are kept for operators, not archives: a runaway message must not bloat every row. */
    static final int MAX_ERROR_CHARS = 2000;

    HandlerVerdict {
        error = error.length() > MAX_ERROR_CHARS ? error.substring(0, MAX_ERROR_CHARS) : error;
    }

    static HandlerVerdict success() {
        return new HandlerVerdict(AttemptOutcome.SUCCESS, "", Optional.empty());
    }

    static HandlerVerdict of(Throwable thrown) {
        if (thrown instanceof StopException) {
            return new HandlerVerdict(AttemptOutcome.STOP, describe(thrown), Optional.empty());
        }
        Optional<Instant> notBefore = thrown instanceof RetryLaterException later
                ? Optional.of(later.notBefore())
                : Optional.empty();
        return new HandlerVerdict(AttemptOutcome.ERROR, describe(thrown), notBefore);
    }

    static HandlerVerdict noHandler(String kind) {
        return new HandlerVerdict(AttemptOutcome.NO_HANDLER, "no handler registered for kind " + kind, Optional.empty());
    }

    private static String describe(Throwable thrown) {
        String message = thrown.getMessage();
        return message == null || message.isBlank() ? thrown.getClass().getName() : message;
    }
}
