package io.hookrelay.delivery.send;

import io.hookrelay.delivery.header.HopCount;
import io.hookrelay.delivery.header.RelayMarker;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.RelaySettings;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.signing.StandardWebhooks;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the POST of one delivery attempt: the event's body byte for byte, its content type, the Standard
 * Webhooks headers and hookrelay's own, among them the {@link HopCount} and the {@link RelayMarker} that stop
 * loops through relays.
 *
 * <p>Only headers an HTTP client lets a caller set are used; {@code host}, {@code content-length} and
 * {@code connection} belong to the client. A value that cannot travel as a header as it is (a control
 * character, or a character beyond Latin-1, which could only reach us through a JSON event type) is not
 * sent rather than altered: the content type falls back to {@code application/octet-stream}, and the event
 * type header is left out (the receiver still has the body it came from).
 */
final class SignedRequests {
    static final String FALLBACK_CONTENT_TYPE = "application/octet-stream";

    private SignedRequests() {
    }

    /**
     * @param now            the attempt's time: {@code webhook-timestamp} and the signature both use it, so a
     *                       retry is signed afresh and passes a receiver's freshness check; within a rotation's
     *                       grace the previous secret signs too
     * @param forwarded      the provider's headers the source passes on, sent first so that none of the relay's
     *                       own can be displaced by one ({@link io.hookrelay.delivery.header.ForwardedHeaders} allows none of them)
     * @param relay          its version is sent as {@code user-agent: hookrelay/<version>}, its marker with those
     *                       of the relays the event came through
     */
    static WebhookRequest of(Event event, Map<String, String> forwarded, Target target, String deliveryId, int attempt, Instant now,
                             RelaySettings relay) {
        long timestamp = now.getEpochSecond();
        byte[] body = event.body();
        Map<String, String> headers = new LinkedHashMap<>();
        forwarded.forEach((name, value) -> sendable(value).ifPresent(sent -> headers.put(name, sent)));
        headers.put("content-type", sendable(event.contentType()).orElse(FALLBACK_CONTENT_TYPE));
        headers.put(StandardWebhooks.ID_HEADER, event.id());
        headers.put(StandardWebhooks.TIMESTAMP_HEADER, Long.toString(timestamp));
        headers.put(StandardWebhooks.SIGNATURE_HEADER, StandardWebhooks.signAll(target.signingSecrets(now), event.id(), timestamp, body));
        headers.put("user-agent", "hookrelay/" + relay.version());
        headers.put("x-hookrelay-source", event.sourceId());
        event.eventType().flatMap(SignedRequests::sendable).ifPresent(type -> headers.put("x-hookrelay-event-type", type));
        headers.put("x-hookrelay-attempt", Integer.toString(attempt));
        headers.put("x-hookrelay-delivery-id", deliveryId);
        headers.put(HopCount.HEADER, Integer.toString(HopCount.forDeliveryOf(event.headers())));
        headers.put(RelayMarker.HEADER, relay.marker().forDeliveryOf(event.headers()));
        return new WebhookRequest(target.url(), headers, body, target.timeout());
    }

    /** The value itself if it is a non-blank HTTP field value: tab, space, visible ASCII or obs-text. */
    static Optional<String> sendable(String value) {
        boolean valid = !value.isBlank() && value.chars().allMatch(c -> c == '\t' || (c >= 0x20 && c != 0x7f && c <= 0xff));
        return valid ? Optional.of(value) : Optional.empty();
    }
}
