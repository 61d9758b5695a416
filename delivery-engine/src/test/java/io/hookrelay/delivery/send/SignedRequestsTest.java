package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.header.ForwardedHeaders;
import io.hookrelay.delivery.header.RelayMarker;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.RelaySettings;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.signing.StandardWebhooks;
import io.hookrelay.delivery.signing.WebhookSecrets;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class SignedRequestsTest {
    private static final String SECRET = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final String EVENT_ID = "evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0E";
    private static final String DELIVERY_ID = "dlv_01HQ3Z8N6W2X4Y5Z6A7B8C9D0F";
    private static final Instant NOW = Instant.parse("2024-05-01T12:00:00.750Z");
    private static final RelayMarker MARKER = new RelayMarker("thisRelaysOwnMarker012");
    private static final Target TARGET = new Target("orders", URI.create("https://receiver.example/hooks?token=abc"), SECRET,
            Duration.ofSeconds(7), Target.DEFAULT_RETRY_SCHEDULE, 10);

    @Test
    void sendsTheEventsBodyAndContentTypeToTheTargetWithItsTimeout() {
        byte[] body = {0, (byte) 0xff, '{', '}', '\n'};

        WebhookRequest request = SignedRequests.of(event("application/json; charset=utf-8", Optional.of("push"), body),
                Map.of(), TARGET, DELIVERY_ID, 3, NOW, relay("1.2.3"));

        assertThat(request.url()).isEqualTo(TARGET.url());
        assertThat(request.body()).isEqualTo(body);
        assertThat(request.timeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(request.headers()).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("content-type", "application/json; charset=utf-8"),
                Map.entry("webhook-id", EVENT_ID),
                Map.entry("webhook-timestamp", "1714564800"),
                Map.entry("webhook-signature", "v1," + hmac(EVENT_ID + ".1714564800.", body)),
                Map.entry("user-agent", "hookrelay/1.2.3"),
                Map.entry("x-hookrelay-source", "github"),
                Map.entry("x-hookrelay-event-type", "push"),
                Map.entry("x-hookrelay-attempt", "3"),
                Map.entry("x-hookrelay-delivery-id", DELIVERY_ID),
                Map.entry("x-hookrelay-hops", "1"),
                Map.entry("x-hookrelay-relay", MARKER.value())));
    }

    @Test
    void aDeliveryCarriesTheMarksOfTheRelaysItsEventCameThroughAndThisOneLast() {
        Event relayed = new Event(EVENT_ID, "github", Optional.empty(), NOW, "text/plain",
                Map.of("x-hookrelay-relay", "anotherRelaysMarker345, not a mark, " + MARKER.value() + ",thirdRelaysMarker67890"), new byte[3]);

        assertThat(SignedRequests.of(relayed, Map.of(), TARGET, DELIVERY_ID, 1, NOW, relay("1")).headers())
                .containsEntry("x-hookrelay-relay", "anotherRelaysMarker345, thirdRelaysMarker67890, " + MARKER.value());
    }

    @Test
    void anEventThatCameThroughRelaysGoesOnWithOneHopMore() {
        Event relayed = new Event(EVENT_ID, "github", Optional.empty(), NOW, "text/plain", Map.of("x-hookrelay-hops", "2"), new byte[3]);

        assertThat(SignedRequests.of(relayed, Map.of(), TARGET, DELIVERY_ID, 1, NOW, relay("1")).headers()).containsEntry("x-hookrelay-hops", "3");
    }

    @Test
    void neverSetsAHeaderTheHttpClientOwns() {
        WebhookRequest request = SignedRequests.of(event("text/plain", Optional.of("push"), new byte[3]), Map.of(), TARGET, DELIVERY_ID, 1, NOW, relay("1"));

        assertThat(request.headers().keySet()).doesNotContainAnyElementsOf(
                Set.of("host", "content-length", "connection", "expect", "upgrade", "transfer-encoding"));
    }

    @Test
    void anEventWithoutContentTypeGoesAsOctetStream() {
        WebhookRequest request = SignedRequests.of(event("", Optional.empty(), new byte[3]), Map.of(), TARGET, DELIVERY_ID, 1, NOW, relay("1"));

        assertThat(request.headers()).containsEntry("content-type", "application/octet-stream");
    }

    @Test
    void anEventWithoutTypeHasNoTypeHeader() {
        WebhookRequest request = SignedRequests.of(event("text/plain", Optional.empty(), new byte[3]), Map.of(), TARGET, DELIVERY_ID, 1, NOW, relay("1"));

        assertThat(request.headers()).doesNotContainKey("x-hookrelay-event-type");
    }

    @Test
    void valuesThatCannotTravelAsHeadersAreLeftOutNotAltered() {
        WebhookRequest request = SignedRequests.of(event("text/plain\r\nx-evil: 1", Optional.of("ordre.créé→payé"), new byte[3]),
                Map.of(), TARGET, DELIVERY_ID, 1, NOW, relay("1"));

        assertThat(request.headers()).containsEntry("content-type", "application/octet-stream");
        assertThat(request.headers()).doesNotContainKey("x-hookrelay-event-type");
    }

    @Test
    void latin1HeaderValuesAreKeptAsTheyArrived() {
        WebhookRequest request = SignedRequests.of(event("text/plain; name=caf\u00e9", Optional.of("caf\u00e9.created"), new byte[3]),
                Map.of(), TARGET, DELIVERY_ID, 1, NOW, relay("1"));

        assertThat(request.headers())
                .containsEntry("content-type", "text/plain; name=caf\u00e9")
                .containsEntry("x-hookrelay-event-type", "caf\u00e9.created");
    }

    @Test
    void eachAttemptIsSignedAtItsOwnTime() {
        Event event = event("text/plain", Optional.empty(), "hello".getBytes(StandardCharsets.UTF_8));

        WebhookRequest first = SignedRequests.of(event, Map.of(), TARGET, DELIVERY_ID, 1, NOW, relay("1"));
        WebhookRequest later = SignedRequests.of(event, Map.of(), TARGET, DELIVERY_ID, 2, NOW.plusSeconds(300), relay("1"));

        assertThat(later.headers().get("webhook-id")).isEqualTo(first.headers().get("webhook-id"));
        assertThat(later.headers().get("webhook-timestamp")).isEqualTo(Long.toString(NOW.getEpochSecond() + 300));
        assertThat(later.headers().get("webhook-signature")).isNotEqualTo(first.headers().get("webhook-signature"));
    }

    /** Within a rotation's grace the new secret signs first and the old one beside it; after it, the new one alone. */
    @Test
    void aRotatedTargetsDeliveriesCarryBothSignaturesDuringTheGrace() {
        String next = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1);
        Target rotated = TARGET.rotatedTo(next, NOW.plusSeconds(10), NOW);
        Event event = event("application/json", Optional.of("push"), new byte[3]);

        String during = SignedRequests.of(event, Map.of(), rotated, DELIVERY_ID, 1, NOW, relay("1")).headers().get("webhook-signature");
        String after = SignedRequests.of(event, Map.of(), rotated, DELIVERY_ID, 1, NOW.plusSeconds(10), relay("1")).headers().get("webhook-signature");

        assertThat(during.split(" ")).containsExactly(StandardWebhooks.sign(next, EVENT_ID, NOW.getEpochSecond(), new byte[3]),
                StandardWebhooks.sign(TARGET.secret(), EVENT_ID, NOW.getEpochSecond(), new byte[3]));
        assertThat(after).isEqualTo(StandardWebhooks.sign(next, EVENT_ID, NOW.plusSeconds(10).getEpochSecond(), new byte[3]));
    }

    /** What the source forwards goes as stored; a value no HTTP field may carry is left out rather than sent broken. */
    @Test
    void sendsTheForwardedHeadersBesideItsOwn() {
        WebhookRequest request = SignedRequests.of(event("application/json", Optional.of("push"), new byte[3]),
                Map.of("x-github-event", "push", "x-github-delivery", "72d3162e", "x-broken", "a\r\nx-evil: 1"), TARGET, DELIVERY_ID, 1,
                NOW, relay("1"));

        assertThat(request.headers()).containsEntry("x-github-event", "push").containsEntry("x-github-delivery", "72d3162e")
                .containsEntry("webhook-id", EVENT_ID).doesNotContainKeys("x-broken", "x-evil");
    }

    @Test
    void forwardsOnlyWhatTheEventHasOfTheNamesItsSourceLists() {
        Event event = event("application/json", Optional.of("push"), new byte[3]);

        assertThat(ForwardedHeaders.of(List.of("x-github-event", "x-github-delivery"), event.headers())).isEqualTo(Map.of("x-github-event", "push"));
    }

    @Test
    void neverForwardsAHeaderTheEventsConnectionHeaderNamed() {
        Event event = new Event(EVENT_ID, "github", Optional.of("push"), NOW, "application/json",
                Map.of("x-github-event", "push", "x-hop", "1", "connection", "keep-alive, X-Hop"), new byte[3]);

        assertThat(ForwardedHeaders.of(List.of("x-github-event", "x-hop"), event.headers())).isEqualTo(Map.of("x-github-event", "push"));
    }

    private static Event event(String contentType, Optional<String> type, byte[] body) {
        return new Event(EVENT_ID, "github", type, NOW.minusSeconds(5), contentType, Map.of("x-github-event", "push"), body);
    }

    private static String hmac(String prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(SECRET.substring("whsec_".length())), "HmacSHA256"));
            mac.update(prefix.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static RelaySettings relay(String version) {
        return new RelaySettings(RelaySettings.DEFAULT_RETRY_AFTER_CAP, version, MARKER);
    }
}
