package io.hookrelay.delivery;

import java.util.Objects;
import java.util.Optional;

/**
 * An inbound endpoint, {@code POST /hooks/{id}}.
 *
 * @param idempotencyHeader the header whose value makes a repeated delivery from the provider a duplicate;
 *                          empty means {@code Idempotency-Key}, then {@code webhook-id}
 * @param maxBodyBytes      the largest body accepted; providers' payloads are small, and a limit keeps one
 *                          misbehaving sender from filling the disk
 */
public record Source(String id, Verification verify, Optional<String> idempotencyHeader, EventTypeSource eventType, int maxBodyBytes) {
    public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
    public static final int LARGEST_MAX_BODY_BYTES = 10 * 1024 * 1024;

    public Source {
        ResourceIds.require(id, "source");
        Objects.requireNonNull(verify, "verify");
        Objects.requireNonNull(idempotencyHeader, "idempotencyHeader");
        Objects.requireNonNull(eventType, "eventType");
        idempotencyHeader.ifPresent(name -> {
            if (!name.matches("[A-Za-z0-9-]{1,128}")) {
                throw new InvalidRequestException("idempotency_header must be an HTTP header name");
            }
        });
        if (maxBodyBytes < 1 || maxBodyBytes > LARGEST_MAX_BODY_BYTES) {
            throw new InvalidRequestException("max_body_bytes must be between 1 and " + LARGEST_MAX_BODY_BYTES);
        }
    }
}
