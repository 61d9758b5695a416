package io.hookrelay.delivery.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class SourceTest {

    private static Source source(String id, Optional<String> idempotencyHeader, int maxBodyBytes) {
        return new Source(id, Verification.none(), idempotencyHeader, new EventTypeSource.None(), maxBodyBytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "0", "github", "stripe-live", "app_2", "9-_",
            "0123456789012345678901234567890123456789012345678901234567890123"})
    void acceptsResourceIds(String id) {
        assertThatCode(() -> source(id, Optional.empty(), Source.DEFAULT_MAX_BODY_BYTES)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "GitHub", "-github", "_github", "git hub", "git/hub", "git.hub", "gïthub", "github\n",
            "0123456789012345678901234567890123456789012345678901234567890123x"})
    void refusesMalformedIds(String id) {
        assertThatThrownBy(() -> source(id, Optional.empty(), Source.DEFAULT_MAX_BODY_BYTES))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("source id");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Idempotency-Key", "X-GitHub-Delivery", "x-request-id"})
    void acceptsHeaderNamesForIdempotency(String header) {
        assertThatCode(() -> source("s", Optional.of(header), 1)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "X Key", "X-Key:", "X_Key", "X-Key\n"})
    void refusesNonHeaderNamesForIdempotency(String header) {
        assertThatThrownBy(() -> source("s", Optional.of(header), 1)).isInstanceOf(InvalidRequestException.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, Source.DEFAULT_MAX_BODY_BYTES, Source.LARGEST_MAX_BODY_BYTES})
    void acceptsBodyLimitsUpTo10MiB(int maxBodyBytes) {
        assertThatCode(() -> source("s", Optional.empty(), maxBodyBytes)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(ints = {Integer.MIN_VALUE, -1, 0, Source.LARGEST_MAX_BODY_BYTES + 1})
    void refusesAbsurdBodyLimits(int maxBodyBytes) {
        assertThatThrownBy(() -> source("s", Optional.empty(), maxBodyBytes))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("max_body_bytes");
    }

    @Test
    void takesItsIdempotencyKeyFromAPointerIntoTheBodyOrAHeaderButNotBoth() {
        Source stripe = new Source("stripe", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1, List.of(),
                Optional.of("/id"), List.of());

        assertThat(stripe.idempotencyJsonPointer()).contains("/id");
        assertThatThrownBy(() -> new Source("s", Verification.none(), Optional.of("Idempotency-Key"), new EventTypeSource.None(), 1,
                List.of(), Optional.of("/id"), List.of()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("not both");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "id", "/a~2", "/~"})
    void refusesAnIdempotencyPointerThatIsNone(String pointer) {
        assertThatThrownBy(() -> new Source("s", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1, List.of(),
                Optional.of(pointer), List.of()))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("idempotency_json_pointer");
    }

    private static Source forwarding(List<String> redact, String... forward) {
        return new Source("github", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1, redact, Optional.empty(),
                List.of(forward));
    }

    @Test
    void keepsTheHeadersItForwardsLowerCasedAndEachOnce() {
        assertThat(forwarding(List.of(), "X-GitHub-Event", "x-github-delivery", "X-GITHUB-EVENT").forwardHeaders())
                .containsExactly("x-github-event", "x-github-delivery");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Connection", "transfer-encoding", "Host", "Content-Length", "Upgrade", "TE", "Authorization", "Cookie",
            "X-Api-Key", "X-Gitlab-Token", "webhook-signature", "Webhook-Id", "x-hookrelay-hops", "X-Hookrelay-Source", "content-type",
            "User-Agent", "X-Forwarded-For", "Forwarded", "Via", "X-Real-IP", "Api-Key", "X-Access-Token", "X-Client-Secret",
            "X-Db-Password", "Content-Encoding", "X-Hookrelay-Relay"})
    void neverForwardsConnectionCredentialOrItsOwnHeaders(String name) {
        assertThatThrownBy(() -> forwarding(List.of(), name)).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("forward_headers cannot list " + name.toLowerCase(Locale.ROOT));
    }

    @Test
    void refusesToForwardWhatItRedactsTooManyHeadersOrNamesThatAreNone() {
        assertThatThrownBy(() -> forwarding(List.of("X-Tenant"), "x-tenant")).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("redact_headers");
        assertThatThrownBy(() -> forwarding(List.of(), "X GitHub")).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> forwarding(List.of(), IntStream.range(0, 21).mapToObj(i -> "x-h" + i)
                .toArray(String[]::new))).isInstanceOf(InvalidRequestException.class).hasMessageContaining("at most 20");
    }

    @Test
    void keepsTheHeadersItRedactsLowerCasedAndEachOnce() {
        Source source = new Source("s", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1,
                List.of("X-Tenant-Secret", "x-tenant-secret", "X-Session"));

        assertThat(source.redactHeaders()).containsExactly("x-tenant-secret", "x-session");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "X Key", "X-Key:", "X_Key", "X-Key\n"})
    void refusesRedactingWhatIsNoHeaderName(String header) {
        assertThatThrownBy(() -> new Source("s", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1, List.of(header)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("redact_headers");
    }

    @Test
    void refusesRedactingMoreThan50Headers() {
        List<String> many = IntStream.range(0, Source.MOST_REDACTED_HEADERS + 1).mapToObj(i -> "X-Secret-" + i).toList();

        assertThatThrownBy(() -> new Source("s", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1, many))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("at most 50");
        assertThatCode(() -> new Source("s", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1, many.subList(0, 50)))
                .doesNotThrowAnyException();
    }

    /** Verification must stay checkable on the stored event, so what it reads is never redacted. */
    @ParameterizedTest
    @CsvSource({"hmac-sha256,X-Hub-Signature-256", "stripe,stripe-signature", "standard-webhooks,Webhook-Timestamp"})
    void refusesRedactingAHeaderItsVerificationReads(String scheme, String header) {
        Verification verify = new Verification(VerificationScheme.fromWireName(scheme).orElseThrow(),
                scheme.equals("standard-webhooks") ? "whsec_" + Base64.getEncoder().encodeToString(new byte[32]) : "s3cret",
                null, null, null);

        assertThatThrownBy(() -> new Source("s", verify, Optional.empty(), new EventTypeSource.None(), 1, List.of(header)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("redact_headers cannot list " + header.toLowerCase(Locale.ROOT));
    }

    /** The loop guard reads the hops and the relays' marks from the stored event's headers: without them a loop goes on. */
    @ParameterizedTest
    @ValueSource(strings = {"X-Hookrelay-Hops", "x-hookrelay-hops", "X-Hookrelay-Relay"})
    void refusesRedactingWhatTheLoopGuardReads(String header) {
        assertThatThrownBy(() -> new Source("s", Verification.none(), Optional.empty(), new EventTypeSource.None(), 1, List.of(header)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("redact_headers cannot list " + header.toLowerCase(Locale.ROOT));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/type", "/data/object/type", "/0", "/", "//", "/a~0b", "/a~1b", "/~0~1", "/caf\u00e9"})
    void acceptsRfc6901Pointers(String pointer) {
        assertThatCode(() -> new EventTypeSource.JsonPointer(pointer)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "type", "a/b", "/a~2b", "/a~", "/~", "/a~~0", "/a~b"})
    void refusesPointersThatAreNotRfc6901OrAreTheWholeBody(String pointer) {
        assertThatThrownBy(() -> new EventTypeSource.JsonPointer(pointer))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("RFC 6901");
    }

    @Test
    void refusesPointersOver256Characters() {
        assertThatCode(() -> new EventTypeSource.JsonPointer("/" + "t".repeat(255))).doesNotThrowAnyException();
        assertThatThrownBy(() -> new EventTypeSource.JsonPointer("/" + "t".repeat(256))).isInstanceOf(InvalidRequestException.class);
    }
}
