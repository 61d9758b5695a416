package io.hookrelay.delivery.port;

import java.util.concurrent.CompletableFuture;

/** Sends one signed delivery over HTTP. */
public interface WebhookSender {

    /**
     * POSTs the request once, never following redirects, giving up after its timeout. Returns at once: the
     * caller's thread does not wait for the receiver.
     *
     * @return completes with the response, whatever its status, or with a {@link SendException} when no HTTP
     *         response came back; cancelling it (the attempt was called off) abandons the exchange
     */
    CompletableFuture<WebhookResponse> send(WebhookRequest request);
}
