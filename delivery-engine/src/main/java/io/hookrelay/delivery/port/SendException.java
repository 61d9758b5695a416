package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import java.util.Objects;

/** No HTTP response came back from a receiver; {@link #outcome()} says how it went wrong. */
public class SendException extends Exception {
    private final DeliveryAttemptOutcome outcome;

    public SendException(DeliveryAttemptOutcome outcome, String message, Throwable cause) {
        super(message, cause);
        this.outcome = Objects.requireNonNull(outcome, "outcome");
        if (outcome != DeliveryAttemptOutcome.TIMEOUT && outcome != DeliveryAttemptOutcome.CONNECT_ERROR
                && outcome != DeliveryAttemptOutcome.IO_ERROR && outcome != DeliveryAttemptOutcome.EGRESS_DENIED) {
            throw new IllegalArgumentException("a send failure is a timeout, connect error, I/O error or denied egress, not " + outcome);
        }
    }

    public DeliveryAttemptOutcome outcome() {
        return outcome;
    }
}
