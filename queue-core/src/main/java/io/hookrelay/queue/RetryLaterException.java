package io.hookrelay.queue;

import java.time.Instant;
import java.util.Objects;

/**
 * Thrown by a handler that knows when to try again (a receiver's {@code Retry-After}): the intent is retried
 * no sooner than {@code notBefore}, or later if the retry policy asks for longer. It still counts against
 * the policy, so a receiver that always says "later" cannot keep an intent alive for ever.
 */
public class RetryLaterException extends Exception {
    private final transient Instant notBefore;

    public RetryLaterException(String message, Instant notBefore) {
        super(message);
        this.notBefore = Objects.requireNonNull(notBefore, "notBefore");
    }

    public Instant notBefore() {
        return notBefore;
    }
}
