package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.BlockingDelivery;
import io.hookrelay.delivery.model.DeliveryDetail;
import io.hookrelay.delivery.model.DeliveryOrdering;
import io.hookrelay.delivery.model.EventDetail;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetView;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.query.Cursors;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.signing.SignatureEncoding;
import io.hookrelay.http.Samples;
import io.hookrelay.http.WrittenJson;
import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.IntentState;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The JSON the API writes for each domain record: snake_case members, RFC 3339 UTC times, secrets only where due. */
class ResponseJsonTest {
    private static final String EVENT = Samples.EVENT_ID;
    private static final String DELIVERY = Samples.DELIVERY_ID;

    @Test
    void anHmacSourceShowsItsHeaderPrefixAndEncodingButNeverItsSecret() {
        String json = json(SourceJson.of(Samples.githubSource()));

        assertThat(json).isEqualTo("{\"id\":\"github\",\"verify\":{\"scheme\":\"hmac-sha256\",\"header\":\"X-Hub-Signature-256\","
                + "\"prefix\":\"sha256=\",\"encoding\":\"hex\"},\"idempotency_header\":\"X-GitHub-Delivery\","
                + "\"event_type\":{\"header\":\"X-GitHub-Event\"},\"max_body_bytes\":2048,\"redact_headers\":[],\"forward_headers\":[]}");
        assertThat(json).doesNotContain("gh-secret").doesNotContain("secret");
    }

    @Test
    void otherSchemesShowOnlyTheScheme() {
        Source stripe = new Source("stripe", new Verification(VerificationScheme.STRIPE, "whsec_stripe_secret", null, null, null),
                Optional.empty(), new EventTypeSource.JsonPointer("/type"), Source.DEFAULT_MAX_BODY_BYTES);

        String json = json(SourceJson.of(stripe));

        assertThat(json).isEqualTo("{\"id\":\"stripe\",\"verify\":{\"scheme\":\"stripe\"},\"idempotency_header\":null,"
                + "\"event_type\":{\"json_pointer\":\"/type\"},\"max_body_bytes\":1048576,\"redact_headers\":[],\"forward_headers\":[]}");
        assertThat(json).doesNotContain("whsec_");
    }

    @Test
    void aSourceWithoutEventTypeWritesNull() {
        assertThat(json(SourceJson.of(Samples.plainSource("plain")))).isEqualTo("{\"id\":\"plain\",\"verify\":{\"scheme\":\"none\"},"
                + "\"idempotency_header\":null,\"event_type\":null,\"max_body_bytes\":1048576,\"redact_headers\":[],\"forward_headers\":[]}");
    }

    @Test
    void aSourceListsTheHeadersItRedactsAndForwardsAsStored() {
        Source source = new Source("tenant", Verification.none(), Optional.empty(), new EventTypeSource.None(), 10,
                List.of("X-Tenant-Secret", "x-session"), Optional.empty(), List.of("X-GitHub-Event"));

        assertThat(json(SourceJson.of(source))).endsWith("\"redact_headers\":[\"x-tenant-secret\",\"x-session\"],"
                + "\"forward_headers\":[\"x-github-event\"]}");
    }

    @Test
    void base64EncodedHmacSourcesSaySo() {
        Source source = new Source("custom", new Verification(VerificationScheme.HMAC_SHA256, "k", "X-Signature", "", SignatureEncoding.BASE64),
                Optional.empty(), new EventTypeSource.None(), 10);

        assertThat(json(SourceJson.of(source))).contains("\"verify\":{\"scheme\":\"hmac-sha256\",\"header\":\"X-Signature\",\"prefix\":\"\",\"encoding\":\"base64\"}");
    }

    @Test
    void aCreatedTargetShowsItsSecretOnce() {
        assertThat(json(TargetJson.created(Samples.target()))).isEqualTo("{\"id\":\"billing\",\"url\":\"https://billing.example/hooks\","
                + "\"secret\":\"" + Samples.SECRET + "\",\"timeout_ms\":2500,\"retry_schedule_s\":[5,300],\"max_in_flight\":4,\"paused\":false,"
                + "\"signature\":\"v1\",\"rate_limit_per_s\":null,\"ordering\":\"none\",\"blocked_by\":null}");
    }

    @Test
    void anyOtherTargetAnswerLeavesTheSecretOut() {
        String json = json(TargetJson.of(Samples.pausedTarget()));

        assertThat(json).isEqualTo("{\"id\":\"billing\",\"url\":\"https://billing.example/hooks\",\"timeout_ms\":2500,"
                + "\"retry_schedule_s\":[5,300],\"max_in_flight\":4,\"paused\":true,\"signature\":\"v1\","
                + "\"rate_limit_per_s\":null,\"ordering\":\"none\",\"blocked_by\":null}");
        assertThat(json).doesNotContain("whsec_");
    }

    /** A v1a target shows the public key receivers verify with; a rotated one, when its old secret stops signing. */
    @Test
    void aV1aTargetShowsItsPublicKeyAndARotationItsEndButNoSecret() {
        String key = "whsk_" + Base64.getEncoder().encodeToString(HexFormat.of().parseHex(
                "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"));
        Target rotated = Samples.target().rotatedTo(key, Instant.parse("2026-12-02T10:00:00Z"), Instant.parse("2026-12-01T10:00:00Z"));

        String json = json(TargetJson.of(new TargetView(rotated, false)));

        assertThat(json).endsWith("\"signature\":\"v1a\",\"rate_limit_per_s\":null,\"public_key\":\"whpk_11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\","
                + "\"previous_secret_until\":\"2026-12-02T10:00:00Z\",\"ordering\":\"none\",\"blocked_by\":null}");
        assertThat(json).doesNotContain("whsk_").doesNotContain("whsec_");
    }

    /** A fifo target held back by a failing delivery names it, with what an operator needs to decide about it. */
    @Test
    void aBlockedFifoTargetShowsTheDeliveryItWaitsFor() {
        Target fifo = new Target("billing", URI.create("https://billing.example/hooks"), Samples.SECRET, Duration.ofMillis(2500),
                List.of(Duration.ofSeconds(5)), 1, Optional.empty(), Optional.empty(), DeliveryOrdering.FIFO);
        BlockingDelivery head = new BlockingDelivery("dlv_01JQ4Z0000000000000000000A", "evt_01JQ4Z0000000000000000000B",
                IntentState.PENDING, 3, Instant.parse("2026-12-02T10:00:05Z"), "http 500");

        String json = json(TargetJson.of(new TargetView(fifo, false, Optional.of(head))));

        assertThat(json).endsWith("\"ordering\":\"fifo\",\"blocked_by\":{\"delivery_id\":\"dlv_01JQ4Z0000000000000000000A\","
                + "\"event_id\":\"evt_01JQ4Z0000000000000000000B\",\"state\":\"pending\",\"attempts\":3,"
                + "\"next_at\":\"2026-12-02T10:00:05Z\",\"last_error\":\"http 500\"}}");
    }

    @Test
    void aRouteListsItsFilters() {
        assertThat(json(RouteJson.of(Samples.route()))).isEqualTo("{\"id\":\"" + Samples.ROUTE_ID
                + "\",\"source\":\"github\",\"target\":\"billing\",\"event_types\":[\"issue.*\",\"push\"],\"filters\":[]}");
    }

    /** Each filter is its pointer and its one condition, with values of the types they were given in; in values as a set. */
    @Test
    void aRouteShowsEachPayloadFilterAsItWasWrittenInItsOneForm() {
        Route route = new Route(Samples.ROUTE_ID, "stripe", "billing", List.of(), List.of(
                new PayloadFilter("/data/object/status", new PayloadFilter.Equals(new JsonValue.Text("paid"))),
                new PayloadFilter("/type", new PayloadFilter.OneOf(List.of(new JsonValue.Text("a"), new JsonValue.Decimal(new BigDecimal("2.5")),
                        JsonValue.Null.NULL))),
                new PayloadFilter("/livemode", new PayloadFilter.Exists(true)),
                new PayloadFilter("/type", new PayloadFilter.Prefix("invoice.")),
                new PayloadFilter("/deleted", new PayloadFilter.Equals(JsonValue.Null.NULL))));

        assertThat(json(RouteJson.of(route))).endsWith("\"event_types\":[],\"filters\":["
                + "{\"pointer\":\"/data/object/status\",\"equals\":\"paid\"},"
                + "{\"pointer\":\"/deleted\",\"equals\":null},"
                + "{\"pointer\":\"/livemode\",\"exists\":true},"
                + "{\"pointer\":\"/type\",\"in\":[2.5,\"a\",null]},"
                + "{\"pointer\":\"/type\",\"prefix\":\"invoice.\"}]}");
    }

    @Test
    void anEventInFullHasSortedHeadersABase64BodyAndItsDeliveries() {
        EventDetail detail = new EventDetail(Samples.event(), List.of(Samples.delivery(IntentState.PENDING, "")));

        assertThat(json(EventJson.of(detail))).isEqualTo("{\"id\":\"" + EVENT + "\",\"source\":\"github\",\"event_type\":\"push\","
                + "\"received_at\":\"2024-05-01T12:00:00.123Z\",\"content_type\":\"application/json\","
                + "\"headers\":{\"content-type\":\"application/json\",\"x-github-event\":\"push\"},"
                + "\"body_base64\":\"eyJyZWYiOiJtYWluIn0=\","
                + "\"deliveries\":[{\"id\":\"" + DELIVERY + "\",\"target\":\"billing\",\"state\":\"pending\"}]}");
    }

    @Test
    void anEventInAListHasItsSizeInsteadOfItsBody() {
        EventSummary summary = new EventSummary(EVENT, "github", Optional.empty(), Instant.parse("2024-05-01T12:00:00Z"), "", 14);

        assertThat(json(EventSummaryJson.of(summary))).isEqualTo("{\"id\":\"" + EVENT + "\",\"source\":\"github\",\"event_type\":null,"
                + "\"received_at\":\"2024-05-01T12:00:00Z\",\"content_type\":\"\",\"body_bytes\":14}");
    }

    @Test
    void aDeliveryWithoutAnErrorWritesNull() {
        assertThat(json(DeliveryJson.of(Samples.delivery(IntentState.PENDING, "")))).isEqualTo("{\"id\":\"" + DELIVERY + "\","
                + "\"event_id\":\"" + EVENT + "\",\"target\":\"billing\",\"state\":\"pending\",\"attempts\":2,"
                + "\"next_at\":\"2024-05-01T12:00:05.123Z\",\"last_error\":null,\"created_at\":\"2024-05-01T12:00:00.123Z\","
                + "\"updated_at\":\"2024-05-01T12:00:01.123Z\"}");
    }

    @ParameterizedTest
    @EnumSource(IntentState.class)
    void aDeliveryShowsWhenItIsNextDueOnlyUntilItHasEnded(IntentState state) {
        String json = json(DeliveryJson.of(Samples.delivery(state, "")));

        assertThat(json).contains(state.isTerminal() ? "\"next_at\":null" : "\"next_at\":\"2024-05-01T12:00:05.123Z\"");
    }

    @Test
    void aDeliveryWithItsAttemptLog() {
        AttemptRecord failed = new AttemptRecord(1, Samples.RECEIVED, Duration.ofMillis(15_000), AttemptOutcome.ERROR,
                "timeout: no response within 15000 ms", AttemptDetail.NONE);
        AttemptRecord refused = new AttemptRecord(2, Samples.RECEIVED.plusSeconds(5), Duration.ofMillis(42), AttemptOutcome.STOP,
                "http_4xx: receiver answered 410", new AttemptDetail(Optional.of(410), "gone"));
        AttemptRecord delivered = new AttemptRecord(3, Samples.RECEIVED.plusSeconds(10), Duration.ofMillis(7), AttemptOutcome.SUCCESS,
                "", new AttemptDetail(Optional.of(204), ""));
        DeliveryDetail detail = new DeliveryDetail(Samples.delivery(IntentState.FAILED, "http_4xx: receiver answered 410"),
                List.of(failed, refused, delivered));

        assertThat(json(DeliveryDetailJson.of(detail))).isEqualTo("{\"id\":\"" + DELIVERY + "\",\"event_id\":\"" + EVENT + "\","
                + "\"target\":\"billing\",\"state\":\"failed\",\"attempts\":2,\"next_at\":null,"
                + "\"last_error\":\"http_4xx: receiver answered 410\",\"created_at\":\"2024-05-01T12:00:00.123Z\","
                + "\"updated_at\":\"2024-05-01T12:00:01.123Z\",\"attempt_log\":["
                + "{\"attempt\":1,\"outcome\":\"error\",\"started_at\":\"2024-05-01T12:00:00.123Z\",\"duration_ms\":15000,\"status_code\":null,"
                + "\"error\":\"timeout: no response within 15000 ms\",\"response_excerpt\":null},"
                + "{\"attempt\":2,\"outcome\":\"stop\",\"started_at\":\"2024-05-01T12:00:05.123Z\",\"duration_ms\":42,\"status_code\":410,"
                + "\"error\":\"http_4xx: receiver answered 410\",\"response_excerpt\":\"gone\"},"
                + "{\"attempt\":3,\"outcome\":\"success\",\"started_at\":\"2024-05-01T12:00:10.123Z\",\"duration_ms\":7,\"status_code\":204,"
                + "\"error\":null,\"response_excerpt\":null}]}");
    }

    @Test
    void aPageCarriesTheCursorOfTheNextOneOrNull() {
        Page<String> more = new Page<>(List.of("a"), Optional.of(DELIVERY));
        Page<String> last = new Page<>(List.of(), Optional.empty());

        assertThat(json(PageJson.of(more, String::toUpperCase))).isEqualTo("{\"data\":[\"A\"],\"next_cursor\":\"" + Cursors.encode(DELIVERY) + "\"}");
        assertThat(json(PageJson.of(last, String::toUpperCase))).isEqualTo("{\"data\":[],\"next_cursor\":null}");
    }

    @Test
    void aWholeListIsDataOnly() {
        assertThat(json(DataJson.of(List.of(Samples.route()), RouteJson::of))).startsWith("{\"data\":[{\"id\":\"rte_");
    }

    @Test
    void timesAreUtcToTheMillisecond() {
        assertThat(JsonTimes.format(Instant.parse("2024-05-01T12:00:00.123999Z"))).isEqualTo("2024-05-01T12:00:00.123Z");
        assertThat(JsonTimes.format(Instant.parse("2024-05-01T14:00:00+02:00"))).isEqualTo("2024-05-01T12:00:00Z");
    }

    private static String json(Object value) {
        return WrittenJson.of(value);
    }
}
