package io.hookrelay.http;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.query.Cursors;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every request here is wrong in a way the HTTP layer sees on its own (routing, JSON, types, ids, query
 * parameters), so it is refused with a 4xx JSON error before any use case runs: nothing can have changed.
 */
class BadInputTest {
    private static final String EVENT = Samples.EVENT_ID;
    private static final String DELIVERY = Samples.DELIVERY_ID;
    private static ApiServer server;

    record Case(String method, String path, String body, int status, String code) {
        @Override
        public String toString() {
            return method + " " + path + (body == null ? "" : " " + body) + " → " + status + " " + code;
        }
    }

    @BeforeAll
    static void start() {
        server = new ApiServer(RecordingIngest.none());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @AfterEach
    void nothingRan() {
        assertThat(server.unexpectedCalls()).isEmpty();
    }

    static Stream<Case> badRequests() {
        return Stream.of(
                // routing
                new Case("GET", "/api/v1/nope", null, 404, "not_found"),
                new Case("POST", "/api/v1/sources/", "{}", 404, "not_found"),
                new Case("GET", "/api/v1/sources/a/b", null, 404, "not_found"),
                new Case("PATCH", "/api/v1/sources", "{}", 405, "method_not_allowed"),
                new Case("DELETE", "/api/v1/sources", null, 405, "method_not_allowed"),
                new Case("POST", "/api/v1/sources/github", "{}", 405, "method_not_allowed"),
                new Case("GET", "/hooks/github", null, 405, "method_not_allowed"),
                new Case("PUT", "/hooks/github", "{}", 405, "method_not_allowed"),
                new Case("GET", "/api/v1/deliveries/retry", null, 405, "method_not_allowed"),
                new Case("DELETE", "/api/v1/admin/backup", null, 405, "method_not_allowed"),
                new Case("GET", "/api/v1/sources/github/", null, 404, "not_found"),
                new Case("GET", "/api/v1//sources", null, 404, "not_found"),
                new Case("POST", "/api/v1/targets//pause", null, 404, "not_found"),
                new Case("POST", "/hooks/github/", "{}", 404, "not_found"),
                new Case("POST", "/hooks/", "{}", 404, "not_found"),

                // a percent-encoded '?' is part of its segment, never the path's end
                new Case("GET", "/api/v1/sources/github%3F", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources/github%3F/x", null, 404, "not_found"),
                new Case("DELETE", "/api/v1/targets/billing%3F/pause", null, 405, "method_not_allowed"),
                new Case("POST", "/api/v1/targets/billing%3F/pause", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/deliveries/retry%3F", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources%3F", null, 404, "not_found"),

                // ids that are junk once percent-decoded, or try to climb out of their segment
                new Case("GET", "/api/v1/sources/%FF", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources/%00", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources/%C0%AF", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources/%E2%82", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources/..%2F..%2Fetc%2Fpasswd", null, 400, "invalid_request"),
                new Case("PUT", "/api/v1/sources/%2e%2e", "{}", 400, "invalid_request"),
                new Case("DELETE", "/api/v1/targets/%2e%2e%2f%2e%2e", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/..%2Fsources/pause", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources/%2e%2e/%2e%2e/healthz", null, 404, "not_found"),
                new Case("GET", "/api/v1/events/evt_%FF", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/..%2Fretry/cancel", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?source=%FF", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/deliveries?event=%00", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?cursor=%C0%AF", null, 400, "invalid_cursor"),
                new Case("POST", "/hooks/%FF", "{}", 404, "unknown_source"),
                new Case("POST", "/hooks/%00", "{}", 404, "unknown_source"),
                new Case("POST", "/hooks/..%2F..%2Fapi%2Fv1%2Fsources", "{}", 404, "unknown_source"),
                new Case("POST", "/hooks/%2e%2e", "{}", 404, "unknown_source"),

                // JSON that is not JSON, or not one object
                new Case("POST", "/api/v1/sources", "{", 400, "invalid_json"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",}", 400, "invalid_json"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\"} x", 400, "invalid_json"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"id\":\"b\"}", 400, "invalid_json"),
                new Case("POST", "/api/v1/sources", "{'id':'a'}", 400, "invalid_json"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\"} {}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "null", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "[]", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "\"github\"", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "42", 400, "invalid_request"),

                // sources
                new Case("POST", "/api/v1/sources", "{}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":null}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":1}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"Bad Id\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"-x\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"extra\":1}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"max_body_bytes\":\"5\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"max_body_bytes\":1.5}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"max_body_bytes\":1e3}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"max_body_bytes\":true}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"max_body_bytes\":0}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"max_body_bytes\":-1}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"max_body_bytes\":10485761}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"max_body_bytes\":99999999999}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"idempotency_header\":\"no spaces\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"idempotency_header\":\"\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":\"none\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{\"scheme\":\"md5\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{\"scheme\":\"none\",\"extra\":1}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{\"scheme\":\"none\",\"secret\":\"s\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{\"scheme\":\"none\",\"header\":\"X-Sig\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{\"scheme\":\"hmac-sha256\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"s\",\"encoding\":\"hex2\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{\"scheme\":\"stripe\",\"secret\":\"s\",\"encoding\":\"hex\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"verify\":{\"scheme\":\"standard-webhooks\",\"secret\":\"whsec_short\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"event_type\":\"X-Event\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"event_type\":{}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"event_type\":{\"header\":\"X\",\"json_pointer\":\"/t\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"event_type\":{\"json_pointer\":\"type\"}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"idempotency_json_pointer\":\"id\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"idempotency_json_pointer\":\"/id\",\"idempotency_header\":\"X-Id\"}", 400,
                        "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"idempotency_json_pointer\":7}", 400, "invalid_request"),
                new Case("POST", "/api/v1/sources", "{\"id\":\"a\",\"event_type\":{\"header\":\"X Event\"}}", 400, "invalid_request"),
                new Case("PUT", "/api/v1/sources/github", "{\"id\":\"gitlab\"}", 400, "invalid_request"),
                new Case("PUT", "/api/v1/sources/github", "{\"max_body_bytes\":\"1\"}", 400, "invalid_request"),
                new Case("PUT", "/api/v1/sources/BAD", "{}", 400, "invalid_request"),
                new Case("GET", "/api/v1/sources/BAD", null, 400, "invalid_request"),
                new Case("DELETE", "/api/v1/sources/BAD", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources?limit=5", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/sources/github?verbose=1", null, 400, "invalid_request"),

                // targets (URL schemes, timeout and schedule ranges are the domain's to refuse, in the use case)
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"url\":\"https://x.example\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":5}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://exa mple\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://[::1.2.3.0777777777777]/\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"timeout_ms\":\"5\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"timeout_ms\":1.5}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"timeout_ms\":99999999999999999999}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"retry_schedule_s\":\"5\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"retry_schedule_s\":5}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"retry_schedule_s\":[1.5]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"retry_schedule_s\":[\"5\"]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"retry_schedule_s\":[null]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"max_in_flight\":\"10\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"secret\":123}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"http://x\",\"paused\":true}", 400, "invalid_request"),
                new Case("PUT", "/api/v1/targets/t", "{\"id\":\"u\",\"url\":\"http://x\"}", 400, "invalid_request"),
                new Case("PUT", "/api/v1/targets/t", "{}", 400, "invalid_request"),
                new Case("GET", "/api/v1/targets/T", null, 400, "invalid_request"),
                new Case("DELETE", "/api/v1/targets/T", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/T/pause", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/t/pause", "{\"x\":1}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/t/resume", "{", 400, "invalid_json"),
                new Case("POST", "/api/v1/targets/t/resume?now=1", null, 400, "invalid_request"),

                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"https://x.example\",\"signature\":\"v2\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"https://x.example\",\"rate_limit_per_s\":0}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"https://x.example\",\"rate_limit_per_s\":-5}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"https://x.example\",\"rate_limit_per_s\":\"5\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"https://x.example\",\"rate_limit_per_s\":1e400}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"https://x.example\",\"rate_limit_per_s\":100001}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/t/rotate-secret", "{\"grace_s\":\"1d\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/t/rotate-secret", "{\"grace_s\":1.5}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/t/rotate-secret", "{\"signature\":\"ed25519\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/t/rotate-secret", "{\"grace\":1}", 400, "invalid_request"),
                new Case("POST", "/api/v1/targets/T!/rotate-secret", "{}", 400, "invalid_request"),
                // routes
                new Case("POST", "/api/v1/routes", "{\"target\":\"t\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"S!\",\"target\":\"t\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"event_types\":\"push\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"event_types\":[null]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"event_types\":[1]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\"}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"a\",\"exists\":true}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"equals\":1}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"equals\":1,\"prefix\":\"x\"}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"equals\":{}}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"equals\":[1]}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"in\":[]}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"in\":\"a\"}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"in\":[{}]}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"exists\":\"yes\"}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"exists\":null}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"prefix\":5}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"prefix\":\"\"}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"matches\":\"x\"}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[null]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[\"/a\"]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":{}}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"equals\":100e2147483647}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"equals\":\"\\u0000\"}]}", 400, "invalid_request"),
                new Case("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\",\"filters\":[{\"pointer\":\"/a\",\"in\":[\"\\ud800\"]}]}", 400, "invalid_request"),
                new Case("DELETE", "/api/v1/routes/123", null, 400, "invalid_request"),
                new Case("DELETE", "/api/v1/routes/" + EVENT, null, 400, "invalid_request"),

                // events
                new Case("GET", "/api/v1/events?limit=0", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?limit=501", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?limit=abc", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?limit=", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?limit=-1", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?limit=%2B5", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?limit=1.5", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?limit=99999999999", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?limit=1&limit=2", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?cursor=garbage!", null, 400, "invalid_cursor"),
                new Case("GET", "/api/v1/events?cursor=", null, 400, "invalid_cursor"),
                new Case("GET", "/api/v1/events?cursor=" + Cursors.encode(DELIVERY), null, 400, "invalid_cursor"),
                new Case("GET", "/api/v1/events?source=BAD", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?state=failed", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events/evt_bad", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events/" + DELIVERY, null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events/" + EVENT.toLowerCase(java.util.Locale.ROOT), null, 400, "invalid_request"),
                new Case("POST", "/api/v1/events/evt_bad/replay", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/events/" + EVENT + "/replay?force=1", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/events/" + EVENT + "/replay", "{\"targets\":[]}", 400, "invalid_request"),

                // deliveries
                new Case("GET", "/api/v1/deliveries?state=done", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/deliveries?state=FAILED", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/deliveries?target=BAD", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/deliveries?event=evt_x", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/deliveries?cursor=" + Cursors.encode(EVENT), null, 400, "invalid_cursor"),
                new Case("GET", "/api/v1/deliveries?source=github", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/deliveries/" + EVENT, null, 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/dlv_bad/retry", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/dlv_bad/cancel", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/" + DELIVERY + "/cancel", "{\"reason\":\"x\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", null, 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"pending\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"completed\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"broken\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"target\":\"BAD\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"since\":\"yesterday\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"until\":\"noon\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry",
                        "{\"state\":\"failed\",\"since\":\"2024-05-01T12:00:00Z\",\"until\":\"2024-05-01T12:00:00Z\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"dry_run\":\"yes\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"since\":\"2024-05-01\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"since\":\"2024-05-01T12:00:00\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"since\":\"2024-05-01T12:00Z\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"since\":\"2024-02-30T12:00:00Z\"}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"since\":1714564800}", 400, "invalid_request"),
                new Case("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"before\":\"2024-05-01T12:00:00Z\"}", 400, "invalid_request"),

                // event filters
                new Case("GET", "/api/v1/events?since=today", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?since=2024-05-01T12:00:00Z&until=2024-05-01T11:00:00Z", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?idempotency_key=abc", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?source=github&idempotency_key=abc&type=push", null, 400, "invalid_request"),
                new Case("GET", "/api/v1/events?colour=red", null, 400, "invalid_request"),

                // backup
                new Case("POST", "/api/v1/admin/backup", "{}", 400, "invalid_request"),
                new Case("POST", "/api/v1/admin/backup", "\"/tmp/copy.db\"", 400, "invalid_request"),
                new Case("POST", "/api/v1/admin/backup", "{\"path\":5}", 400, "invalid_request"),
                new Case("GET", "/api/v1/admin/backup?compact=true", null, 400, "invalid_request"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void isRefusedBeforeAnyUseCaseWithAJsonError(Case bad) throws Exception {
        HttpResponse<String> response = server.send(bad.method(), bad.path(), bad.body());

        assertErrorShape(response, bad.status(), bad.code());
    }
}
