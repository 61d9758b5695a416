package io.hookrelay.delivery.jdk;

import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.port.WebhookResponse;
import io.hookrelay.delivery.port.WebhookSender;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** Waits for a sender's answer, throwing what the exchange failed with, as the delivery handler hears of it. */
final class Sending {
    private Sending() {
    }

    static WebhookResponse answerOf(WebhookSender sender, WebhookRequest request) throws Exception {
        try {
            return sender.send(request).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
