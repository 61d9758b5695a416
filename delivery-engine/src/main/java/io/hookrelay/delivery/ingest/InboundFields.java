package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.EventTypeSource;
import io.hookrelay.delivery.InboundRequest;
import io.hookrelay.delivery.InvalidRequestException;
import io.hookrelay.delivery.JsonPointerReader;
import io.hookrelay.delivery.Source;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** What ingest reads out of an inbound request besides its body: the idempotency key, the event type, the headers kept. */
final class InboundFields {
    static final int LONGEST_VALUE = 256;
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String WEBHOOK_ID = "webhook-id";
    /** Credentials a proxy or the provider put on the request; kept, they would be readable to every operator. */
    private static final Set<String> CREDENTIAL_HEADERS = Set.of("authorization", "cookie", "proxy-authorization");

    private InboundFields() {
    }

    /**
     * The key that makes a provider's redelivery a duplicate. A source that names its header uses that one
     * only: the operator said which header identifies a delivery for this provider, and another header
     * there may mean something else. Otherwise the conventional {@code Idempotency-Key}, then Standard
     * Webhooks' {@code webhook-id}. A blank value is no key: all blank-keyed requests would be one event.
     *
     * @throws InvalidRequestException when the key is longer than {@value #LONGEST_VALUE} characters
     */
    static Optional<String> idempotencyKey(Source source, InboundRequest request) {
        Optional<String> key = source.idempotencyHeader().isPresent()
                ? nonBlankHeader(request, source.idempotencyHeader().get())
                : nonBlankHeader(request, IDEMPOTENCY_KEY).or(() -> nonBlankHeader(request, WEBHOOK_ID));
        return key.map(value -> requireShort(value, "idempotency key"));
    }

    /**
     * The event's type, which routes filter on: from a header or from a JSON pointer into the body. Absent
     * or blank means the event has no type, and only routes without filters take it.
     *
     * @throws InvalidRequestException when the type is longer than {@value #LONGEST_VALUE} characters
     */
    static Optional<String> eventType(EventTypeSource from, InboundRequest request, JsonPointerReader json) {
        Optional<String> type;
        if (from instanceof EventTypeSource.Header header) {
            type = nonBlankHeader(request, header.name());
        } else if (from instanceof EventTypeSource.JsonPointer pointer) {
            type = json.read(request.body(), pointer.pointer()).filter(value -> !value.isBlank());
        } else {
            type = Optional.empty();
        }
        return type.map(value -> requireShort(value, "event type"));
    }

    /** The headers stored with the event: all of them but credentials. */
    static Map<String, String> storedHeaders(InboundRequest request) {
        return request.headers().entrySet().stream()
                .filter(header -> !CREDENTIAL_HEADERS.contains(header.getKey()))
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static Optional<String> nonBlankHeader(InboundRequest request, String name) {
        return request.header(name).filter(value -> !value.isBlank());
    }

    private static String requireShort(String value, String what) {
        if (value.length() > LONGEST_VALUE) {
            throw new InvalidRequestException(what + " must be at most " + LONGEST_VALUE + " characters");
        }
        return value;
    }
}
