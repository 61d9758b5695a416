package io.hookrelay.delivery.send;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookResponse;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What one delivery attempt amounted to (DESIGN §4): how it is counted, and the {@link Verdict} it settles with.
 *
 * @param error     why the attempt failed, starting with the outcome's label ({@code http_5xx: …}), which is
 *                  what operators read in the delivery's last error; empty for a success
 * @param notBefore the earliest next attempt the receiver asked for with {@code Retry-After}, capped
 * @param gone      the receiver said the endpoint is gone (410): the delivery fails and the target is paused
 */
record DeliveryVerdict(DeliveryAttemptOutcome outcome, String error, Optional<Instant> notBefore, boolean gone) {
    private static final int GONE = 410;
    private static final int TOO_MANY_REQUESTS = 429;
    private static final int SERVICE_UNAVAILABLE = 503;

    DeliveryVerdict {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(notBefore, "notBefore");
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
            return new DeliveryVerdict(outcome, "", Optional.empty(), false);
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
                Optional.empty(), false);
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
     * How the attempt settles its delivery: completed when delivered, failed when the receiver is gone, retried on
     * the target's {@code schedule} otherwise, no sooner than the receiver asked.
     *
     * @param note appended to a failure's error, such as why the target was paused
     */
    Verdict toVerdict(Optional<String> note, RetryPolicy schedule) {
        if (delivered()) {
            return Verdict.completed();
        }
        String message = note.map(text -> error + "; " + text).orElse(error);
        if (gone) {
            return Verdict.failed(message);
        }
        Verdict.RetryLater retry = Verdict.retry(message).per(schedule);
        return notBefore.map(retry::noSoonerThan).orElse(retry);
    }

    private static DeliveryVerdict answered(DeliveryAttemptOutcome outcome, String error, Optional<Instant> notBefore, boolean gone) {
        return new DeliveryVerdict(outcome, error, notBefore, gone);
    }
}
