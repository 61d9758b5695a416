package io.hookrelay.delivery.ingest;

import static io.hookrelay.delivery.ingest.TestSignatures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.model.EventTypeDrop;
import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.port.JsonPointerReader;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InboundFieldsTest {
    private static final String LONGEST = "k".repeat(256);
    private static final String TOO_LONG = "k".repeat(257);
    private static final JsonPointerReader NEVER_CALLED = (json, pointers) -> {
        throw new AssertionError("the body was read for " + pointers);
    };

    /** A reader that finds, at each pointer, the text {@code valueAt} gives. */
    private static JsonPointerReader reading(BiFunction<byte[], String, Optional<String>> valueAt) {
        return (json, pointers) -> Optional.of(pointers.stream()
                .flatMap(pointer -> valueAt.apply(json, pointer).map(text -> Map.entry(pointer, (JsonValue) new JsonValue.Text(text))).stream())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

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
        assertThat(InboundFields.idempotencyKey(source(configuredHeader), request, NEVER_CALLED)).isEqualTo(expected);
    }

    @Test
    void refusesAnIdempotencyKeyOver256Characters() {
        assertThatThrownBy(() -> InboundFields.idempotencyKey(source(Optional.empty()), request("{}", "webhook-id", TOO_LONG),
                NEVER_CALLED))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("256");
    }

    @Test
    void aSourceThatTakesItsKeyFromTheBodyReadsOnlyThereAndNeverRefusesForWhatItFinds() {
        Source stripe = new Source("stripe", Verification.none(), Optional.empty(), new EventTypeSource.None(),
                Source.DEFAULT_MAX_BODY_BYTES, List.of(), Optional.of("/id"), List.of());
        JsonPointerReader id = reading((json, pointer) -> pointer.equals("/id") ? Optional.of("evt_1") : Optional.empty());
        JsonPointerReader nothing = reading((json, pointer) -> Optional.empty());
        JsonPointerReader blank = reading((json, pointer) -> Optional.of(" "));
        JsonPointerReader tooLong = reading((json, pointer) -> Optional.of(TOO_LONG));
        JsonPointerReader longest = reading((json, pointer) -> Optional.of(LONGEST));
        JsonPointerReader nul = reading((json, pointer) -> Optional.of("evt_\u0000"));

        assertThat(InboundFields.idempotencyKey(stripe, request("{}", "Idempotency-Key", "a"), id)).contains("evt_1");
        assertThat(InboundFields.idempotencyKey(stripe, request("{}", "Idempotency-Key", "a"), nothing)).isEmpty();
        assertThat(InboundFields.idempotencyKey(stripe, request("{}"), blank)).isEmpty();
        assertThat(InboundFields.idempotencyKey(stripe, request("{}"), tooLong)).isEmpty();
        assertThat(InboundFields.idempotencyKey(stripe, request("{}"), longest)).contains(LONGEST);
        assertThat(InboundFields.idempotencyKey(stripe, request("{}"), nul)).as("no store keeps a NUL").isEmpty();
    }

    static Stream<Arguments> eventTypes() {
        EventTypeSource header = new EventTypeSource.Header("X-GitHub-Event");
        EventTypeSource pointer = new EventTypeSource.JsonPointer("/type");
        JsonPointerReader typeField = reading((json, path) -> path.equals("/type")
                && new String(json, StandardCharsets.UTF_8).contains("invoice.paid") ? Optional.of("invoice.paid") : Optional.empty());
        JsonPointerReader blank = reading((json, path) -> Optional.of("  "));
        JsonPointerReader tooLong = reading((json, path) -> Optional.of(TOO_LONG));
        JsonPointerReader loneSurrogate = reading((json, path) -> Optional.of("invoice.\uD800paid"));
        JsonPointerReader emoji = reading((json, path) -> Optional.of("party.\uD83C\uDF89"));
        Optional<EventTypeDrop> kept = Optional.empty();
        return Stream.of(
                Arguments.of(new EventTypeSource.None(), request("{}", "X-GitHub-Event", "push"), NEVER_CALLED, Optional.empty(), kept),
                Arguments.of(header, request("{}", "x-github-event", "push"), NEVER_CALLED, Optional.of("push"), kept),
                Arguments.of(header, request("{}", "X-GitHub-Event", LONGEST), NEVER_CALLED, Optional.of(LONGEST), kept),
                Arguments.of(header, request("{}"), NEVER_CALLED, Optional.empty(), Optional.of(EventTypeDrop.MISSING)),
                Arguments.of(header, request("{}", "X-GitHub-Event", ""), NEVER_CALLED, Optional.empty(), Optional.of(EventTypeDrop.MISSING)),
                Arguments.of(header, request("{}", "X-GitHub-Event", TOO_LONG), NEVER_CALLED, Optional.empty(),
                        Optional.of(EventTypeDrop.TOO_LONG)),
                Arguments.of(header, request("{}", "X-GitHub-Event", "push\tpull"), NEVER_CALLED, Optional.empty(),
                        Optional.of(EventTypeDrop.INVALID_CHARACTERS)),
                Arguments.of(header, request("{}", "X-GitHub-Event", "push\u0085"), NEVER_CALLED, Optional.empty(),
                        Optional.of(EventTypeDrop.INVALID_CHARACTERS)),
                Arguments.of(pointer, request("{\"type\":\"invoice.paid\"}", "X-GitHub-Event", "push"), typeField,
                        Optional.of("invoice.paid"), kept),
                Arguments.of(pointer, request("{\"kind\":\"other\"}"), typeField, Optional.empty(), Optional.of(EventTypeDrop.MISSING)),
                Arguments.of(pointer, request("{}"), blank, Optional.empty(), Optional.of(EventTypeDrop.MISSING)),
                Arguments.of(pointer, request("{}"), tooLong, Optional.empty(), Optional.of(EventTypeDrop.TOO_LONG)),
                Arguments.of(pointer, request("{}"), loneSurrogate, Optional.empty(), Optional.of(EventTypeDrop.INVALID_CHARACTERS)),
                Arguments.of(pointer, request("{}"), emoji, Optional.of("party.\uD83C\uDF89"), kept));
    }

    /** Never an exception: a type that cannot be used is no type, and the reason is reported once. */
    @ParameterizedTest
    @MethodSource("eventTypes")
    void extractsTheEventTypeOrReportsWhyThereIsNone(EventTypeSource from, InboundRequest request, JsonPointerReader json,
                                                     Optional<String> expected, Optional<EventTypeDrop> expectedDrop) {
        List<EventTypeDrop> drops = new ArrayList<>();

        assertThat(InboundFields.eventType(from, request, json, drops::add)).isEqualTo(expected);
        assertThat(drops).containsExactlyElementsOf(expectedDrop.stream().toList());
    }

    @Test
    void storesEveryHeaderButCredentialsWhateverTheirCase() {
        InboundRequest request = request("{}", "Authorization", "Bearer abc", "Cookie", "session=1", "Proxy-Authorization", "Basic eA==",
                "X-API-Key", "key-1", "x-auth-token", "token-1", "Content-Type", "application/json", "X-GitHub-Event", "push");

        assertThat(InboundFields.storedHeaders(source(Optional.empty()), request))
                .isEqualTo(Map.of("content-type", "application/json", "x-github-event", "push"));
    }

    @Test
    void storesNoHeaderWhoseNameSaysItHoldsACredentialNorTheBodysCoding() {
        InboundRequest request = request("{}", "Api-Key", "key-2", "X-Access-Token", "token-2", "X-Tenant-Secret", "secret-2",
                "X-Db-Password", "password-2", "Content-Encoding", "gzip", "X-Session", "session-2", "X-Keycloak-Realm", "realm");

        assertThat(InboundFields.storedHeaders(source(Optional.empty()), request))
                .isEqualTo(Map.of("x-session", "session-2", "x-keycloak-realm", "realm"));
    }

    @Test
    void leavesOutTheHeadersTheSourceRedactsButKeepsTheOnesItsVerificationReads() {
        Verification signedInAuthorization = new Verification(VerificationScheme.HMAC_SHA256, "s3cret", "Authorization", "", null);
        Source source = new Source("github", signedInAuthorization, Optional.empty(), new EventTypeSource.None(),
                Source.DEFAULT_MAX_BODY_BYTES, List.of("X-Tenant-Secret", "x-session"));
        InboundRequest request = request("{}", "Authorization", "abc123", "X-Tenant-Secret", "t", "X-Session", "s", "X-Api-Key", "k",
                "X-GitHub-Event", "push");

        assertThat(InboundFields.storedHeaders(source, request)).isEqualTo(Map.of("authorization", "abc123", "x-github-event", "push"));
    }
}
