package io.hookrelay.delivery.port;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/** One outbound POST: where, the exact headers to send, the body byte for byte, and how long to wait. */
public record WebhookRequest(URI url, Map<String, String> headers, byte[] body, Duration timeout) {
    public WebhookRequest {
        Objects.requireNonNull(url, "url");
        headers = Map.copyOf(headers);
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(timeout, "timeout");
    }
}
