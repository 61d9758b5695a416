package io.hookrelay.delivery.port;

import java.util.Objects;
import java.util.Optional;

/**
 * What a receiver answered.
 *
 * @param retryAfter the raw {@code Retry-After} header, if any (seconds or an HTTP date)
 * @param excerpt    the start of the body as text, at most 4 KiB, for the attempt log
 */
public record WebhookResponse(int statusCode, Optional<String> retryAfter, String excerpt) {
    public WebhookResponse {
        if (statusCode < 100 || statusCode > 999) {
            throw new IllegalArgumentException("not an HTTP status: " + statusCode);
        }
        Objects.requireNonNull(retryAfter, "retryAfter");
        Objects.requireNonNull(excerpt, "excerpt");
    }
}
