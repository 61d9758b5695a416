package io.hookrelay.delivery;

/** Sends one signed delivery over HTTP. */
public interface WebhookSender {

    /**
     * POSTs the request once, never following redirects, giving up after its timeout.
     *
     * @return the response, whatever its status
     * @throws SendException when no HTTP response came back
     * @throws InterruptedException when the attempt was called off while waiting
     */
    WebhookResponse send(WebhookRequest request) throws SendException, InterruptedException;
}
