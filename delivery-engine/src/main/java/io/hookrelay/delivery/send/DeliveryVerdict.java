package io.hookrelay.delivery.send;

import io.hookrelay.delivery.DeliveryAttemptOutcome;
import io.hookrelay.delivery.SendException;
import io.hookrelay.delivery.WebhookResponse;
import io.hookrelay.queue.RetryLaterException;
import io.hookrelay.queue.StopException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What one delivery attempt amounted to (DESIGN §4): how it is counted, and how a failed one is settled.
 *
 * @param error     why the attempt failed, starting with the outcome's label ({@code http_5xx: …}), which is
 *                  what operators read in the delivery's last error; empty for a success
 * @param notBefore the earliest next attempt the receiver asked for with {@code Retry-After}, capped
 * @param gone      the receiver said the endpoint is gone (410): the delivery fails and the target is paused
 * @param cause     why no HTTP answer came back, if none did
 */
record DeliveryVerdict(DeliveryAttemptOutcome outcome, String error, Optional<Instant> notBefore, boolean gone,
                       Optional<Throwable> cause) {
    private static final int GONE = 410;
    private static final int TOO_MANY_REQUESTS = 429;
    private static final int SERVICE_UNAVAILABLE = 503;

    DeliveryVerdict {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(notBefore, "notBefore");
        Objects.requireNonNull(cause, "cause");
        if (error.isEmpty() != (outcome == DeliveryAttemptOutcome.SUCCESS)) {
            throw new IllegalArgumentException("a failure, and only a failure, says why: " + outcome);
        }
    }

    boolean delivered() {
        return outcome == DeliveryAttemptOutcome.SUCCESS;
    }

    /** A receiver's answer, read at {@code now}; its Retry-After is honoured up to {@code retryAfterCap}. */
    static DeliveryVerdict of(WebhookResponse response, Instant now, Duration retryAfterCap) {
        int status = response.statusCode();
        DeliveryAttemptOutcome outcome = outcomeOf(status);
        if (outcome == DeliveryAttemptOutcome.SUCCESS) {
            return new DeliveryVerdict(outcome, "", Optional.empty(), false, Optional.empty());
        }
        String answered = outcome.label() + ": receiver answered " + status;
        if (outcome == DeliveryAttemptOutcome.HTTP_3XX) {
            return answered(outcome, answered + "; redirects are not followed, fix the target's url", Optional.empty(), false);
        }
        if (status == GONE) {
            return answered(outcome, answered + " (gone)", Optional.empty(), true);
        }
        Optional<Duration> wait = status == TOO_MANY_REQUESTS || status == SERVICE_UNAVAILABLE
                ? response.retryAfter().flatMap(header -> RetryAfter.parse(header, now, retryAfterCap))
                : Optional.empty();
        return wait.map(until -> answered(outcome, answered + "; Retry-After " + until.toSeconds() + " s", Optional.of(now.plus(until)), false))
                .orElseGet(() -> answered(outcome, answered, Optional.empty(), false));
    }

    /** No HTTP answer came back. */
    static DeliveryVerdict of(SendException noAnswer) {
        return new DeliveryVerdict(noAnswer.outcome(), noAnswer.outcome().label() + ": " + noAnswer.getMessage(),
                Optional.empty(), false, Optional.of(noAnswer));
    }

    /**
     * Statuses outside 200–599 are not HTTP's (a final 1xx, or 600 and up): a broken receiver, counted and
     * retried like a server error.
     */
    static DeliveryAttemptOutcome outcomeOf(int status) {
        return switch (status / 100) {
            case 2 -> DeliveryAttemptOutcome.SUCCESS;
            case 3 -> DeliveryAttemptOutcome.HTTP_3XX;
            case 4 -> DeliveryAttemptOutcome.HTTP_4XX;
            default -> DeliveryAttemptOutcome.HTTP_5XX;
        };
    }

    /**
     * What the handler throws for a failed attempt: {@link StopException} when the receiver is gone,
     * {@link RetryLaterException} when it said when to come back, {@link DeliveryFailedException} (retried on
     * the target's schedule) otherwise.
     *
     * @param note appended to the error, such as why the target was paused
     */
    Exception failure(Optional<String> note) {
        if (delivered()) {
            throw new IllegalStateException("a delivered attempt did not fail");
        }
        String message = note.map(text -> error + "; " + text).orElse(error);
        if (gone) {
            return new StopException(message);
        }
        return notBefore.<Exception>map(at -> new RetryLaterException(message, at))
                .orElseGet(() -> new DeliveryFailedException(message, cause.orElse(null)));
    }

    private static DeliveryVerdict answered(DeliveryAttemptOutcome outcome, String error, Optional<Instant> notBefore, boolean gone) {
        return new DeliveryVerdict(outcome, error, notBefore, gone, Optional.empty());
    }
}
