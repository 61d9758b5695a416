package io.hookrelay.delivery.model;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.filter.JsonPointerSyntax;
import io.hookrelay.delivery.header.ForwardedHeaders;
import io.hookrelay.delivery.header.HeaderNames;
import io.hookrelay.delivery.header.HopCount;
import io.hookrelay.delivery.header.RelayMarker;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An inbound endpoint, {@code POST /hooks/{id}}.
 *
 * @param idempotencyHeader the header whose value makes a repeated delivery from the provider a duplicate;
 *                          empty, with no {@code idempotencyJsonPointer} either, means {@code Idempotency-Key},
 *                          then {@code webhook-id}
 * @param maxBodyBytes      the largest body accepted; providers' payloads are small, and a limit keeps one
 *                          misbehaving sender from filling the disk
 * @param redactHeaders     headers left out of the stored event besides the credentials every source leaves
 *                          out, lower-cased, each once, in order; never one that verification reads
 * @param idempotencyJsonPointer where in a JSON body the key is instead of a header, for providers that put
 *                          their event's id there (Stripe's {@code /id}); not with {@code idempotencyHeader}
 * @param forwardHeaders    the provider's headers every delivery of the source's events passes on, as stored
 *                          with the event, lower-cased, each once, in order (see {@link ForwardedHeaders})
 */
public record Source(String id, Verification verify, Optional<String> idempotencyHeader, EventTypeSource eventType, int maxBodyBytes,
                     List<String> redactHeaders, Optional<String> idempotencyJsonPointer, List<String> forwardHeaders) {
    public static final int DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
    public static final int LARGEST_MAX_BODY_BYTES = 10 * 1024 * 1024;
    public static final int MOST_REDACTED_HEADERS = 50;

    public Source {
        ResourceIds.require(id, "source");
        Objects.requireNonNull(verify, "verify");
        Objects.requireNonNull(idempotencyHeader, "idempotencyHeader");
        Objects.requireNonNull(eventType, "eventType");
        idempotencyHeader.ifPresent(name -> {
            if (!HeaderNames.isValid(name)) {
                throw new InvalidRequestException("idempotency_header must be an HTTP header name");
            }
        });
        if (maxBodyBytes < 1 || maxBodyBytes > LARGEST_MAX_BODY_BYTES) {
            throw new InvalidRequestException("max_body_bytes must be between 1 and " + LARGEST_MAX_BODY_BYTES);
        }
        redactHeaders = redactable(redactHeaders, verify);
        Objects.requireNonNull(idempotencyJsonPointer, "idempotencyJsonPointer");
        idempotencyJsonPointer.ifPresent(pointer -> JsonPointerSyntax.require(pointer, "idempotency_json_pointer"));
        if (idempotencyHeader.isPresent() && idempotencyJsonPointer.isPresent()) {
            throw new InvalidRequestException("give idempotency_header or idempotency_json_pointer, not both");
        }
        forwardHeaders = ForwardedHeaders.require(forwardHeaders);
        forwardHeaders.stream().filter(redactHeaders::contains).findFirst().ifPresent(redacted -> {
            throw new InvalidRequestException("forward_headers cannot list " + redacted + ": redact_headers keeps it from being stored");
        });
    }

    /** A source whose idempotency key, if any, comes from a header, and that forwards no headers. */
    public Source(String id, Verification verify, Optional<String> idempotencyHeader, EventTypeSource eventType, int maxBodyBytes,
                  List<String> redactHeaders) {
        this(id, verify, idempotencyHeader, eventType, maxBodyBytes, redactHeaders, Optional.empty(), List.of());
    }

    /** A source that stores every header but the credentials every source leaves out. */
    public Source(String id, Verification verify, Optional<String> idempotencyHeader, EventTypeSource eventType, int maxBodyBytes) {
        this(id, verify, idempotencyHeader, eventType, maxBodyBytes, List.of());
    }

    private static List<String> redactable(List<String> names, Verification verify) {
        List<String> lowerCased = HeaderNames.requireList(names, "redact_headers", MOST_REDACTED_HEADERS);
        lowerCased.stream().filter(verify.signedHeaders()::contains).findFirst().ifPresent(signed -> {
            throw new InvalidRequestException("redact_headers cannot list " + signed
                    + ": verification reads it, and it is kept so a stored event's signature can be checked again");
        });
        for (String loopGuarded : List.of(HopCount.HEADER, RelayMarker.HEADER)) {
            if (lowerCased.contains(loopGuarded)) {
                throw new InvalidRequestException("redact_headers cannot list " + loopGuarded
                        + ": the loop guard reads the relays a webhook came through from it");
            }
        }
        return lowerCased;
    }
}
