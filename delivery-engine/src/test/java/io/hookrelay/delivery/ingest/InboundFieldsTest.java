package io.hookrelay.delivery.ingest;

import static io.hookrelay.delivery.ingest.TestSignatures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.EventTypeSource;
import io.hookrelay.delivery.InboundRequest;
import io.hookrelay.delivery.InvalidRequestException;
import io.hookrelay.delivery.JsonPointerReader;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.Verification;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InboundFieldsTest {
    private static final String LONGEST = "k".repeat(256);
    private static final String TOO_LONG = "k".repeat(257);
    private static final JsonPointerReader NEVER_CALLED = (json, pointer) -> {
        throw new AssertionError("the body was read for " + pointer);
    };

    private static Source source(Optional<String> idempotencyHeader) {
        return new Source("github", Verification.none(), idempotencyHeader, new EventTypeSource.None(), Source.DEFAULT_MAX_BODY_BYTES);
    }

    static Stream<Arguments> idempotencyKeys() {
        Optional<String> defaults = Optional.empty();
        Optional<String> github = Optional.of("X-GitHub-Delivery");
        return Stream.of(
                Arguments.of(defaults, request("{}", "Idempotency-Key", "a", "webhook-id", "b"), Optional.of("a")),
                Arguments.of(defaults, request("{}", "webhook-id", "b"), Optional.of("b")),
                Arguments.of(defaults, request("{}", "Idempotency-Key", " ", "webhook-id", "b"), Optional.of("b")),
                Arguments.of(defaults, request("{}", "X-GitHub-Delivery", "g"), Optional.empty()),
                Arguments.of(defaults, request("{}"), Optional.empty()),
                Arguments.of(github, request("{}", "x-github-delivery", "g", "Idempotency-Key", "a"), Optional.of("g")),
                Arguments.of(github, request("{}", "Idempotency-Key", "a", "webhook-id", "b"), Optional.empty()),
                Arguments.of(github, request("{}", "X-GitHub-Delivery", ""), Optional.empty()),
                Arguments.of(defaults, request("{}", "Idempotency-Key", LONGEST), Optional.of(LONGEST)));
    }

    @ParameterizedTest
    @MethodSource("idempotencyKeys")
    void choosesTheIdempotencyKey(Optional<String> configuredHeader, InboundRequest request, Optional<String> expected) {
        assertThat(InboundFields.idempotencyKey(source(configuredHeader), request)).isEqualTo(expected);
    }

    @Test
    void refusesAnIdempotencyKeyOver256Characters() {
        assertThatThrownBy(() -> InboundFields.idempotencyKey(source(Optional.empty()), request("{}", "webhook-id", TOO_LONG)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("256");
    }

    static Stream<Arguments> eventTypes() {
        EventTypeSource header = new EventTypeSource.Header("X-GitHub-Event");
        EventTypeSource pointer = new EventTypeSource.JsonPointer("/type");
        JsonPointerReader typeField = (json, path) -> path.equals("/type")
                && new String(json, StandardCharsets.UTF_8).contains("invoice.paid") ? Optional.of("invoice.paid") : Optional.empty();
        JsonPointerReader blank = (json, path) -> Optional.of("  ");
        return Stream.of(
                Arguments.of(new EventTypeSource.None(), request("{}", "X-GitHub-Event", "push"), NEVER_CALLED, Optional.empty()),
                Arguments.of(header, request("{}", "x-github-event", "push"), NEVER_CALLED, Optional.of("push")),
                Arguments.of(header, request("{}"), NEVER_CALLED, Optional.empty()),
                Arguments.of(header, request("{}", "X-GitHub-Event", ""), NEVER_CALLED, Optional.empty()),
                Arguments.of(pointer, request("{\"type\":\"invoice.paid\"}", "X-GitHub-Event", "push"), typeField,
                        Optional.of("invoice.paid")),
                Arguments.of(pointer, request("{\"kind\":\"other\"}"), typeField, Optional.empty()),
                Arguments.of(pointer, request("{}"), blank, Optional.empty()));
    }

    @ParameterizedTest
    @MethodSource("eventTypes")
    void extractsTheEventType(EventTypeSource from, InboundRequest request, JsonPointerReader json, Optional<String> expected) {
        assertThat(InboundFields.eventType(from, request, json)).isEqualTo(expected);
    }

    @Test
    void refusesAnEventTypeOver256CharactersFromEitherPlace() {
        assertThatThrownBy(() -> InboundFields.eventType(new EventTypeSource.Header("X-Type"), request("{}", "X-Type", TOO_LONG),
                NEVER_CALLED))
                .isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> InboundFields.eventType(new EventTypeSource.JsonPointer("/type"), request("{}"),
                (json, pointer) -> Optional.of(TOO_LONG)))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void storesEveryHeaderButCredentials() {
        InboundRequest request = request("{}", "Authorization", "Bearer abc", "Cookie", "session=1", "Proxy-Authorization", "Basic eA==",
                "Content-Type", "application/json", "X-GitHub-Event", "push");

        assertThat(InboundFields.storedHeaders(request))
                .isEqualTo(Map.of("content-type", "application/json", "x-github-event", "push"));
    }
}
