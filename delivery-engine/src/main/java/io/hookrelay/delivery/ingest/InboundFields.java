package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.header.HeaderNames;
import io.hookrelay.delivery.model.EventTypeDrop;
import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.port.JsonPointerReader;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** What ingest reads out of an inbound request besides its body: the idempotency key, the event type, the headers kept. */
final class InboundFields {
    static final int LONGEST_VALUE = 256;
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    static final String WEBHOOK_ID = "webhook-id";

    private InboundFields() {
    }

    /**
     * The key that makes a provider's redelivery a duplicate. A source that names its header uses that one
     * only: the operator said which header identifies a delivery for this provider, and another header
     * there may mean something else. Otherwise the conventional {@code Idempotency-Key}, then Standard
     * Webhooks' {@code webhook-id}. A blank value is no key: all blank-keyed requests would be one event. A source
     * that takes its key from the body reads it there; a body without one, or with one no store could keep (longer
     * than {@value #LONGEST_VALUE} characters, or holding a control character such as NUL, which PostgreSQL's text
     * refuses), has none, since a provider's webhook is never refused for what its body holds: it is stored, only
     * not deduplicated.
     *
     * @throws InvalidRequestException when a header's key is longer than {@value #LONGEST_VALUE} characters
     */
    static Optional<String> idempotencyKey(Source source, InboundRequest request, JsonPointerReader json) {
        if (source.idempotencyJsonPointer().isPresent()) {
            return json.read(request.body(), source.idempotencyJsonPointer().get())
                    .filter(value -> !value.isBlank() && unusable(value).isEmpty());
        }
        Optional<String> key = source.idempotencyHeader().isPresent()
                ? nonBlankHeader(request, source.idempotencyHeader().get())
                : nonBlankHeader(request, IDEMPOTENCY_KEY).or(() -> nonBlankHeader(request, WEBHOOK_ID));
        return key.map(value -> requireShort(value, "idempotency key"));
    }

    /**
     * The event's type, which routes filter on: from a header or from a JSON pointer into the body. A type
     * that is absent, blank, too long or holds characters no filter can match is no type, reported to
     * {@code dropped}: only routes without filters take the event, which is still accepted, because refusing
     * it would lose the provider's webhook for what it holds.
     */
    static Optional<String> eventType(EventTypeSource from, InboundRequest request, JsonPointerReader json,
                                      Consumer<EventTypeDrop> dropped) {
        Optional<String> type;
        if (from instanceof EventTypeSource.Header header) {
            type = nonBlankHeader(request, header.name());
        } else if (from instanceof EventTypeSource.JsonPointer pointer) {
            type = json.read(request.body(), pointer.pointer()).filter(value -> !value.isBlank());
        } else {
            return Optional.empty();
        }
        Optional<EventTypeDrop> drop = type.isEmpty() ? Optional.of(EventTypeDrop.MISSING) : unusable(type.get());
        drop.ifPresent(dropped);
        return drop.isPresent() ? Optional.empty() : type;
    }

    /**
     * The headers stored with the event: all of them but those never stored ({@link HeaderNames#isNeverStored}:
     * credentials and {@code Content-Encoding}) and those the source redacts. The
     * headers its verification reads are kept even when they are credentials (a provider may sign in
     * {@code Authorization}), so a stored event's signature can be checked again.
     */
    static Map<String, String> storedHeaders(Source source, InboundRequest request) {
        Set<String> signed = source.verify().signedHeaders();
        return request.headers().entrySet().stream()
                .filter(header -> signed.contains(header.getKey())
                        || !(HeaderNames.isNeverStored(header.getKey()) || source.redactHeaders().contains(header.getKey())))
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static Optional<String> nonBlankHeader(InboundRequest request, String name) {
        return request.header(name).filter(value -> !value.isBlank());
    }

    /** Why a value from the request cannot serve as a type or key, if it cannot: too long, or unprintable. */
    private static Optional<EventTypeDrop> unusable(String type) {
        if (type.length() > LONGEST_VALUE) {
            return Optional.of(EventTypeDrop.TOO_LONG);
        }
        boolean printable = type.codePoints().noneMatch(c -> Character.isISOControl(c) || Character.getType(c) == Character.SURROGATE);
        return printable ? Optional.empty() : Optional.of(EventTypeDrop.INVALID_CHARACTERS);
    }

    private static String requireShort(String value, String what) {
        if (value.length() > LONGEST_VALUE) {
            throw new InvalidRequestException(what + " must be at most " + LONGEST_VALUE + " characters");
        }
        return value;
    }
}
