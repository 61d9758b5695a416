package io.hookrelay.it.api;

import static io.hookrelay.it.api.BadInput.delete;
import static io.hookrelay.it.api.BadInput.get;
import static io.hookrelay.it.api.BadInput.post;
import static io.hookrelay.it.api.BadInput.put;
import static io.hookrelay.it.api.BadInput.request;
import static io.hookrelay.it.support.Json.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.http.RawExchange;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The issue's bad-input list against the real server on real SQLite: every request here must get a 4xx in
 * the API's error shape, with no trace of the server's insides, and must change nothing at all, which is
 * checked by comparing every list the API has (and what the receiver got, and the backup directory) with
 * how they were before the first case. Requests that are not well-formed HTTP, or are over the head limits,
 * never reach the API: Undertow's parser answers them with a bare 400 and closes, which is checked too.
 * {@link HostileInputIT} sends the same tables to the real jar and reads its output.
 */
class BadInputIT {
    private static final String SOURCES = BadInputWorld.SOURCES;
    private static final String TARGETS = BadInputWorld.TARGETS;
    private static final String ROUTES = BadInputWorld.ROUTES;
    private static final String BULK_RETRY = "/api/v1/deliveries/retry";
    private static final String BACKUP = "/api/v1/admin/backup";
    private static final String KEYS = BadInputWorld.TENANTS + "/default/keys";
    private static final String USAGE = BadInputWorld.TENANTS + "/default/usage";
    private static final String NO_EVENT = "evt_00000000000000000000000000";
    private static final String NO_DELIVERY = "dlv_00000000000000000000000000";
    private static final String NO_ROUTE = "rte_00000000000000000000000000";
    private static final String INVALID_JSON = "invalid_json";
    private static final String INVALID_REQUEST = "invalid_request";
    private static final String INVALID_CURSOR = "invalid_cursor";
    private static final String NOT_FOUND = "not_found";
    private static final String UNKNOWN_SOURCE = "unknown_source";
    private static final String TOO_LARGE = "payload_too_large";
    private static final String WRONG_METHOD = "method_not_allowed";
    private static final String WRONG_MEDIA_TYPE = "unsupported_media_type";
    private static final String CONFLICT = "conflict";
    private static final String UNAUTHORIZED = "unauthorized";
    private static final String INVALID_SIGNATURE = "invalid_signature";
    private static final String EGRESS_DENIED = "egress_denied";
    /** The one 5xx a refusal may have: the request is fine, the relays it passed through are not (RFC 5842). */
    private static final String LOOP_DETECTED = "loop_detected";
    /** Far over the API's 64 KiB limit for JSON bodies, yet a valid source if it were read. */
    private static final String OVERSIZE_SOURCE = "{\"id\":\"big\",\"idempotency_header\":\"" + "a".repeat(70_000) + "\"}";
    /** Within every limit of the server's, yet long: for values that only the API's own checks refuse. */
    private static final int LONG = 30_000;
    private static final String ZEROS_HEX = "0".repeat(64);
    /** What must never reach a client: exception names, stack frames, packages of the JDK or of the server's libraries. */
    private static final Pattern INSIDES = Pattern.compile(
            "(?i)exception|\\bat [\\w$.]+\\(|\\b(java|javax|jdk|sun|io\\.hookrelay|io\\.undertow|org\\.xnio|com\\.fasterxml"
                    + "|org\\.jdbi|org\\.sqlite|com\\.google)\\.[a-z]");

    /** The server's backup directory, {@code <data-dir>/backups} by default. */
    static Path backups;

    @AutoClose
    private static RelayServer server;
    private static Receiver receiver;
    private static Map<String, String> placeholders;
    private static List<Object> settled;

    @BeforeAll
    static void startServerWithSettledWorld(@TempDir Path dataDir) throws Exception {
        server = RelayServer.start(dataDir);
        backups = BadInputWorld.backupDirectoryOf(dataDir);
        receiver = server.startReceiver();
        placeholders = BadInputWorld.settle(api(), receiver.url(), backups).placeholders();
        settled = everything();
    }

    @AfterAll
    static void printFigures() {
        System.out.printf("[figures] BadInputIT: %d requests refused with the API's JSON error, %d refused by the HTTP parser%n",
                badInputs().count() + unreadBodies().count(), malformedRequests().count());
    }

    /** Compared with the world as it was settled, so a case that changes anything fails, and so does every later one. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void isRefusedWithA4xxJsonErrorAndChangesNothing(BadInput input) throws IOException {
        ApiResponse response = answer("the request", () -> input.sendTo(api(), placeholders));

        assertRefusedInTheApisErrorShape(input, response);
        assertThat(everything()).as("nothing changed").isEqualTo(settled);
    }

    /** The refusal {@code input} expects, in the API's error shape, with no trace of the server's insides. */
    static void assertRefusedInTheApisErrorShape(BadInput input, ApiResponse response) {
        if (!input.code().equals(LOOP_DETECTED)) {
            assertThat(response.status()).as("never a 5xx: %s", response).isLessThan(500);
        }
        assertThat(response.status()).as("%s", response).isEqualTo(input.status());
        assertThat(response.header("Content-Type")).as("%s", response)
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        JsonNode error = response.json();
        assertThat(fieldNames(error)).as("%s", response).containsExactly("error", "message");
        assertThat(error.get("error").isTextual()).isTrue();
        assertThat(error.get("error").asText()).as("%s", response).isEqualTo(input.code());
        assertThat(error.get("message").isTextual()).isTrue();
        assertThat(error.get("message").asText()).isNotBlank();
        assertThat(response.body()).as("no trace of the server's insides").doesNotContainPattern(INSIDES);
        if (input.code().equals(UNAUTHORIZED)) {
            assertThat(response.header("WWW-Authenticate")).hasValue("Bearer");
        }
        if (input.status() == 405) {
            assertThat(response.header("Allow")).as("405 says what the endpoint takes").isPresent();
        }
        if (input.status() == 415) {
            assertThat(response.header("Accept")).as("415 says what the endpoint takes").hasValue(BadInput.JSON);
        }
    }

    /**
     * Undertow's parser refuses these before any handler runs, with an answer no handler can replace: a bare
     * {@code 400 Bad Request} without a body, and the connection closed. Never a 5xx, and nothing changes.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedRequests")
    void isRefusedByTheHttpParserWithABare400AndChangesNothing(MalformedRequest request) throws IOException {
        RawExchange answer = request.sendTo(server.baseUri().getPort());

        assertThat(answer.status()).as("%s", answer).isEqualTo(400);
        assertThat(answer.headers()).as("%s", answer).containsEntry("content-length", "0").containsEntry("connection", "close");
        assertThat(answer.body()).isEmpty();
        assertThat(answer.closed()).as("the connection is closed after the answer").isTrue();
        assertThat(everything()).as("nothing changed").isEqualTo(settled);
    }

    /**
     * A refused body the server did not read to its end must not be taken for the client's next request on
     * the same connection: the server skips the rest or says it closes the connection. The next request is
     * a POST, which a client does not silently resend on another connection.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("unreadBodies")
    void theNextRequestOnTheSameConnectionGetsItsOwnAnswerAfterABodyLeftUnread(BadInput refusedRequest) {
        ServerApi connection = api().onConnectionsOfItsOwn();
        ApiResponse refused = answer("the refused request", () -> refusedRequest.sendOn(connection, placeholders));
        assertThat(refused.status()).as("%s", refused).isEqualTo(refusedRequest.status());

        ApiResponse next = answer("the next request on the same connection", () -> connection.send(
                Optional.of(RelayServer.ADMIN_TOKEN), "POST", TARGETS + "/held/pause", BodyPublishers.noBody(), Map.of()));

        assertThat(next.status()).as("the next request on the same connection: %s", next).isEqualTo(200);
        assertThat(next.json().get("id").asText()).isEqualTo("held");
    }

    static Stream<BadInput> badInputs() {
        return Stream.of(
                malformedJson(), wrongTypes(), unknownFields(), invalidIds(), urlsThatAreNotHttp(), timeoutsAndSchedules(),
                unreadBodies(), unknownResources(), conflicts(), invalidCursors(), wrongMethods(), unknownQueryParameters(),
                badLimitsStatesAndTimes(), badVerification(), badRouteFilters(), refusedWebhooks(), missingOrWrongToken(),
                junkIds(), jsonBombs(), wrongContentTypes(), forgedAndReplayedSignatures(), misplacedOrNearlyRightTokens(),
                longHeadsWithinTheLimits(), badBackupPaths(), deniedTargetAddresses(), portsAndPointersAndEmptyNames(),
                duplicateRoutes(), deliveryFeatureInputs(), badTenants())
                .flatMap(cases -> cases);
    }

    /** Tenant ids, names, quotas and cursors that are not ones; the tenant {@code default}, which always exists. */
    private static Stream<BadInput> badTenants() {
        Stream<BadInput> creates = Stream.of("{}", "{\"id\":\"Acme\"}", "{\"id\":\"" + "a".repeat(65) + "\"}", "{\"id\":\"-acme\"}",
                        "{\"id\":\"acme\",\"name\":\"\"}", "{\"id\":\"acme\",\"name\":\"tab\\there\"}",
                        "{\"id\":\"acme\",\"name\":\"" + "n".repeat(201) + "\"}", "{\"id\":\"acme\",\"name\":7}",
                        "{\"id\":\"acme\",\"quotas\":{\"ingest_per_s\":0}}", "{\"id\":\"acme\",\"quotas\":{\"max_in_flight\":-1}}",
                        "{\"id\":\"acme\",\"quotas\":{\"max_sources\":2.5}}", "{\"id\":\"acme\",\"quotas\":{\"max_targets\":\"3\"}}",
                        "{\"id\":\"acme\",\"quotas\":{\"max_targets\":3000000000}}", "{\"id\":\"acme\",\"quotas\":[]}",
                        "{\"id\":\"acme\",\"quotas\":{\"burst\":1}}", "{\"id\":\"acme\",\"suspended\":true}")
                .map(body -> post(BadInputWorld.TENANTS, body).is(400, INVALID_REQUEST));
        return Stream.concat(creates, Stream.of(
                put(BadInputWorld.TENANTS + "/default", "{\"id\":\"other\"}").is(400, INVALID_REQUEST),
                put(BadInputWorld.TENANTS + "/default", "{\"quotas\":{\"max_sources\":0}}").is(400, INVALID_REQUEST),
                get(BadInputWorld.TENANTS + "/Default").is(400, INVALID_REQUEST),
                get(BadInputWorld.TENANTS + "/nosuch").is(404, NOT_FOUND),
                put(BadInputWorld.TENANTS + "/nosuch", "{}").is(404, NOT_FOUND),
                delete(BadInputWorld.TENANTS + "/nosuch").is(404, NOT_FOUND),
                post(BadInputWorld.TENANTS + "/nosuch/suspend", "").is(404, NOT_FOUND),
                post(BadInputWorld.TENANTS + "/nosuch/resume", "").is(404, NOT_FOUND),
                post(BadInputWorld.TENANTS + "/default/suspend", "{\"now\":true}").is(400, INVALID_REQUEST),
                post(BadInputWorld.TENANTS, "{\"id\":\"default\"}").is(409, CONFLICT),
                delete(BadInputWorld.TENANTS + "/default").is(409, CONFLICT),
                get(BadInputWorld.TENANTS + "?cursor=garbage!").is(400, INVALID_CURSOR),
                get(BadInputWorld.TENANTS + "?cursor=" + cursorOf("Not A Tenant")).is(400, INVALID_CURSOR),
                get(BadInputWorld.TENANTS + "?limit=0").is(400, INVALID_REQUEST),
                get(BadInputWorld.TENANTS + "?limit=501").is(400, INVALID_REQUEST),
                get(BadInputWorld.TENANTS + "?tenant=default").is(400, INVALID_REQUEST),
                post(KEYS, "{}").is(400, INVALID_REQUEST),
                post(KEYS, "{\"name\":\"ci\"}").is(400, INVALID_REQUEST),
                post(KEYS, "{\"name\":\"ci\",\"scope\":\"write\"}").is(400, INVALID_REQUEST),
                post(KEYS, "{\"name\":\"ci\",\"scope\":\"ADMIN\"}").is(400, INVALID_REQUEST),
                post(KEYS, "{\"name\":\"\",\"scope\":\"read\"}").is(400, INVALID_REQUEST),
                post(KEYS, "{\"name\":\"" + "k".repeat(101) + "\",\"scope\":\"read\"}").is(400, INVALID_REQUEST),
                post(KEYS, "{\"name\":\"ci\",\"scope\":\"read\",\"expires_at\":\"2020-01-01T00:00:00Z\"}").is(400, INVALID_REQUEST),
                post(KEYS, "{\"name\":\"ci\",\"scope\":\"read\",\"expires_at\":\"next week\"}").is(400, INVALID_REQUEST),
                post(KEYS, "{\"name\":\"ci\",\"scope\":\"read\",\"token\":\"hrk_chosen\"}").is(400, INVALID_REQUEST),
                post(BadInputWorld.TENANTS + "/nosuch/keys", "{\"name\":\"ci\",\"scope\":\"read\"}").is(404, NOT_FOUND),
                get(BadInputWorld.TENANTS + "/nosuch/keys").is(404, NOT_FOUND),
                delete(KEYS + "/key_00000000000000000000000000").is(404, NOT_FOUND),
                delete(KEYS + "/" + NO_ROUTE).is(400, INVALID_REQUEST),
                put(KEYS + "/key_00000000000000000000000000", "{}").is(405, WRONG_METHOD),
                get(USAGE + "?from=2026-02-30").is(400, INVALID_REQUEST),
                get(USAGE + "?to=yesterday").is(400, INVALID_REQUEST),
                get(USAGE + "?from=2026-03-02&to=2026-03-01").is(400, INVALID_REQUEST),
                get(USAGE + "?from=2025-01-01&to=2026-01-02").is(400, INVALID_REQUEST),
                get(USAGE + "?since=2026-03-01").is(400, INVALID_REQUEST),
                get(BadInputWorld.TENANTS + "/nosuch/usage").is(404, NOT_FOUND),
                post(USAGE, "{}").is(405, WRONG_METHOD),
                get("/api/v1/audit?tenant=Not%20One").is(400, INVALID_REQUEST),
                get("/api/v1/audit?cursor=" + cursorOf(NO_EVENT)).is(400, INVALID_CURSOR),
                get("/api/v1/audit?limit=0").is(400, INVALID_REQUEST),
                get("/api/v1/audit?actor=operator").is(400, INVALID_REQUEST),
                post("/api/v1/audit", "{}").is(405, WRONG_METHOD)));
    }

    /** Paths a server-side backup is refused for: outside the backup directory, or what the file system refuses there. */
    private static Stream<BadInput> badBackupPaths() {
        return Stream.of("{backups}/../escaped.db", "../escaped.db", "a-directory/../../escaped.db", "{outside}/escaped.db",
                        "away/escaped.db", "/proc/self/x.db", "/etc/hookrelay-escaped.db", "{backups}", ".", "a-directory",
                        "{backups}/a-directory", "a".repeat(300) + ".db", "no-such-dir/x.db", "existing.db/x.db", "nul\\u0000.db")
                .map(path -> post(BACKUP, "{\"path\":\"" + path + "\"}").is(400, INVALID_REQUEST));
    }

    private static Stream<BadInput> malformedJson() {
        return Stream.of(
                post(SOURCES, "{\"id\":").is(400, INVALID_JSON),
                post(TARGETS, "not json at all").is(400, INVALID_JSON),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\"").is(400, INVALID_JSON),
                post(SOURCES, "{\"id\":\"one\",\"id\":\"two\"}").is(400, INVALID_JSON),
                post(SOURCES, "{\"id\":\"one\"} {\"id\":\"two\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "").is(400, INVALID_REQUEST),
                post(SOURCES, "null").is(400, INVALID_REQUEST),
                post(SOURCES, "[{\"id\":\"in-an-array\"}]").is(400, INVALID_REQUEST),
                put(SOURCES + "/plain", "{").is(400, INVALID_JSON),
                put(TARGETS + "/sink", "{\"url\":}").is(400, INVALID_JSON),
                post(BULK_RETRY, "{\"state\":").is(400, INVALID_JSON),
                post(BACKUP, "").is(400, INVALID_REQUEST),
                post(BACKUP, "{\"path\":\"{backups}/never.db\"").is(400, INVALID_JSON));
    }

    private static Stream<BadInput> wrongTypes() {
        return Stream.of(
                post(SOURCES, "{\"id\":5}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"max_body_bytes\":\"1024\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"max_body_bytes\":true}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"verify\":\"none\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"event_type\":\"X-Type\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"idempotency_header\":[\"X-Key\"]}").is(400, INVALID_REQUEST),
                post(TARGETS, target("\"timeout_ms\":\"5000\"")).is(400, INVALID_REQUEST),
                post(TARGETS, target("\"timeout_ms\":1500.5")).is(400, INVALID_REQUEST),
                post(TARGETS, "{\"id\":\"t1\",\"url\":[\"{receiver}\"]}").is(400, INVALID_REQUEST),
                post(TARGETS, target("\"retry_schedule_s\":5")).is(400, INVALID_REQUEST),
                post(TARGETS, target("\"retry_schedule_s\":[\"5\"]")).is(400, INVALID_REQUEST),
                post(TARGETS, target("\"secret\":12345")).is(400, INVALID_REQUEST),
                put(TARGETS + "/sink", "{\"url\":\"{receiver}\",\"max_in_flight\":2.0}").is(400, INVALID_REQUEST),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":\"push\"}").is(400, INVALID_REQUEST),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":[null]}").is(400, INVALID_REQUEST),
                post(ROUTES, "{\"source\":{\"id\":\"plain\"},\"target\":\"sink\"}").is(400, INVALID_REQUEST),
                post(BULK_RETRY, "{\"state\":1}").is(400, INVALID_REQUEST),
                post(BACKUP, "{\"path\":7}").is(400, INVALID_REQUEST));
    }

    private static Stream<BadInput> unknownFields() {
        return Stream.of(
                post(SOURCES, "{\"id\":\"x1\",\"colour\":\"blue\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"verify\":{\"scheme\":\"none\",\"algorithm\":\"md5\"}}").is(400, INVALID_REQUEST),
                put(SOURCES + "/plain", "{\"max_body_bytes\":2048,\"routes\":[]}").is(400, INVALID_REQUEST),
                post(TARGETS, target("\"paused\":true")).is(400, INVALID_REQUEST),
                put(TARGETS + "/sink", "{\"url\":\"{receiver}\",\"enabled\":false}").is(400, INVALID_REQUEST),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"filters\":[\"push\"]}").is(400, INVALID_REQUEST),
                post(BULK_RETRY, "{\"state\":\"failed\",\"all\":true}").is(400, INVALID_REQUEST),
                post(BACKUP, "{\"path\":\"{backups}/never.db\",\"overwrite\":true}").is(400, INVALID_REQUEST),
                post(TARGETS + "/held/resume", "{\"now\":true}").is(400, INVALID_REQUEST),
                post("/api/v1/events/{event}/replay", "{\"force\":true}").is(400, INVALID_REQUEST),
                post("/api/v1/deliveries/{cancelled}/retry", "{\"now\":true}").is(400, INVALID_REQUEST),
                post("/api/v1/deliveries/{cancelled}/retry", "[]").is(400, INVALID_REQUEST));
    }

    private static Stream<BadInput> invalidIds() {
        return Stream.of(
                post(SOURCES, "{\"id\":\"Bad Id\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"" + "a".repeat(65) + "\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"../etc\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"verify\":{\"scheme\":\"none\"}}").is(400, INVALID_REQUEST),
                post(TARGETS, "{\"id\":\"UPPER\",\"url\":\"{receiver}\"}").is(400, INVALID_REQUEST),
                post(TARGETS, "{\"url\":\"{receiver}\"}").is(400, INVALID_REQUEST),
                post(TARGETS, "{\"id\":\"t1\"}").is(400, INVALID_REQUEST),
                post(ROUTES, "{\"source\":\"Plain!\",\"target\":\"sink\"}").is(400, INVALID_REQUEST),
                post(ROUTES, "{\"target\":\"sink\"}").is(400, INVALID_REQUEST),
                post(ROUTES, "{\"source\":\"plain\"}").is(400, INVALID_REQUEST),
                get(SOURCES + "/Not_Valid").is(400, INVALID_REQUEST),
                delete(SOURCES + "/UPPER").is(400, INVALID_REQUEST),
                delete(TARGETS + "/sink%2Fpause").is(400, INVALID_REQUEST),
                put(SOURCES + "/plain", "{\"id\":\"other\"}").is(400, INVALID_REQUEST),
                put(TARGETS + "/sink", "{\"id\":\"other\",\"url\":\"{receiver}\"}").is(400, INVALID_REQUEST),
                put(TARGETS + "/sink", "{\"timeout_ms\":5000}").is(400, INVALID_REQUEST),
                get("/api/v1/events/not-an-event").is(400, INVALID_REQUEST),
                get("/api/v1/events/" + NO_DELIVERY).is(400, INVALID_REQUEST),
                get("/api/v1/events/evt_0000000000000000000000000I").is(400, INVALID_REQUEST),
                post("/api/v1/events/evt_short/replay", "").is(400, INVALID_REQUEST),
                get("/api/v1/deliveries/dlv_0000000000000000000000000a").is(400, INVALID_REQUEST),
                post("/api/v1/deliveries/" + NO_EVENT + "/retry", "").is(400, INVALID_REQUEST),
                delete(ROUTES + "/rte_nope").is(400, INVALID_REQUEST),
                get("/api/v1/events?source=Not%20Valid").is(400, INVALID_REQUEST),
                get("/api/v1/deliveries?target=UPPER").is(400, INVALID_REQUEST),
                get("/api/v1/deliveries?event=evt_nope").is(400, INVALID_REQUEST),
                post(BULK_RETRY, "{\"state\":\"failed\",\"target\":\"Bad Id\"}").is(400, INVALID_REQUEST));
    }

    private static Stream<BadInput> urlsThatAreNotHttp() {
        Stream<BadInput> creates = Stream.of("ftp://example.com/hook", "file:///etc/passwd", "javascript:alert(1)",
                "ws://example.com/socket", "example.com/hook", "http://", "https://user:secret@example.com/hook",
                "http://example.com/hook#fragment",
                "http://exa mple.com/", "", "http://example.com/" + "a".repeat(2100))
                .map(url -> post(TARGETS, "{\"id\":\"t1\",\"url\":\"" + url + "\"}").is(400, INVALID_REQUEST));
        return Stream.concat(creates, Stream.of(
                put(TARGETS + "/sink", "{\"url\":\"ftp://example.com/hook\"}").is(400, INVALID_REQUEST),
                put(TARGETS + "/sink", "{\"url\":\"file:///etc/passwd\"}").is(400, INVALID_REQUEST)));
    }

    /**
     * Targets whose host is an address the default egress policy denies, in every spelling: link-local (the
     * cloud metadata service), unspecified, AWS's IPv6 metadata address, and every IPv6 form that carries an IPv4
     * address (mapped, compatible, translated, NAT64 well-known and local-use, 6to4, Teredo). A
     * numeric host in any form but the dotted quad is refused whatever it points to, since resolvers
     * disagree on what {@code 0177.0.0.1} is.
     */
    private static Stream<BadInput> deniedTargetAddresses() {
        Stream<BadInput> denied = Stream.of("http://169.254.169.254/latest/meta-data/", "http://0.0.0.0:8080/hook",
                        "http://[::ffff:169.254.169.254]/", "http://[::ffff:a9fe:a9fe]/", "http://[::a9fe:a9fe]/",
                        "http://[0:0:0:0:0:ffff:a9fe:a9fe]/", "https://[fd00:ec2::254]/", "http://[::]:9000/", "http://[fe80::1]/",
                        "http://[fe80::1%25eth0]/", "http://[::ffff:0.0.0.0]/", "http://[64:ff9b::a9fe:a9fe]/",
                        "http://[64:ff9b::169.254.169.254]/", "http://[64:ff9b:1::a9fe:a9fe]/", "http://[64:ff9b:1:a9fe:a9:fe00::]/",
                        "http://[2002:a9fe:a9fe::1]/", "http://[::ffff:0:a9fe:a9fe]/", "http://[2001:0:4136:e378:8000:63bf:5601:5601]/")
                .map(url -> post(TARGETS, "{\"id\":\"t1\",\"url\":\"" + url + "\"}").is(400, EGRESS_DENIED));
        Stream<BadInput> ambiguous = Stream.of("http://2852039166/", "http://0xa9fea9fe/", "http://0251.0376.0251.0376/",
                        "http://169.254.43518/", "http://0xa9.0xfe.0xa9.0xfe/", "http://2130706433/", "http://0x7f000001/",
                        "http://0177.0.0.1/", "http://127.1/", "http://0/", "http://127.0.0.1./")
                .map(url -> post(TARGETS, "{\"id\":\"t1\",\"url\":\"" + url + "\"}").is(400, INVALID_REQUEST));
        return Stream.of(denied, ambiguous, Stream.of(
                put(TARGETS + "/sink", "{\"url\":\"http://169.254.169.254/latest/meta-data/\"}").is(400, EGRESS_DENIED),
                put(TARGETS + "/sink", "{\"url\":\"http://[::ffff:169.254.169.254]/\"}").is(400, EGRESS_DENIED),
                put(TARGETS + "/sink", "{\"url\":\"http://0x7f000001/\"}").is(400, INVALID_REQUEST))).flatMap(cases -> cases);
    }

    private static Stream<BadInput> timeoutsAndSchedules() {
        Stream<String> targetFields = Stream.of(
                "\"timeout_ms\":-1", "\"timeout_ms\":99", "\"timeout_ms\":300001",
                "\"timeout_ms\":9223372036854775807",
                "\"retry_schedule_s\":[5,-300]", "\"retry_schedule_s\":[604801]", "\"retry_schedule_s\":[9223372036854775807]",
                "\"retry_schedule_s\":[1.5]",
                "\"retry_schedule_s\":[" + IntStream.range(0, 51).mapToObj(i -> "1").collect(Collectors.joining(",")) + "]",
                "\"max_in_flight\":0", "\"max_in_flight\":1001");
        Stream<String> sourceFields = Stream.of("\"max_body_bytes\":0", "\"max_body_bytes\":10485761");
        return Stream.of(
                targetFields.map(field -> post(TARGETS, target(field)).is(400, INVALID_REQUEST)),
                sourceFields.map(field -> post(SOURCES, "{\"id\":\"x1\"," + field + "}").is(400, INVALID_REQUEST)),
                Stream.of(
                        post(TARGETS, target("\"timeout_ms\":99999999999999999999")).is(400, INVALID_REQUEST),
                        post(TARGETS, target("\"max_in_flight\":2147483648")).is(400, INVALID_REQUEST),
                        post(SOURCES, "{\"id\":\"x1\",\"max_body_bytes\":99999999999}").is(400, INVALID_REQUEST),
                        put(TARGETS + "/sink", "{\"url\":\"{receiver}\",\"timeout_ms\":-5}").is(400, INVALID_REQUEST),
                        put(TARGETS + "/sink", "{\"url\":\"{receiver}\",\"retry_schedule_s\":[-1]}").is(400, INVALID_REQUEST),
                        put(SOURCES + "/plain", "{\"max_body_bytes\":0}").is(400, INVALID_REQUEST)))
                .flatMap(cases -> cases);
    }

    /**
     * Bodies the server refuses without reading them to their end: over a size limit, or sent where no body is
     * read (no token, no such endpoint, wrong method). Each goes on a connection of its own, and what the
     * server does with the unread rest is checked separately.
     */
    static Stream<BadInput> unreadBodies() {
        String tooLongForPlain = "x".repeat(1025);
        return Stream.of(
                post(SOURCES, OVERSIZE_SOURCE).is(413, TOO_LARGE),
                post(SOURCES, OVERSIZE_SOURCE).sentChunked().is(413, TOO_LARGE),
                put(SOURCES + "/plain", OVERSIZE_SOURCE.replace("\"big\"", "\"plain\"")).is(413, TOO_LARGE),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":[\"" + "a".repeat(70_000) + "\"]}")
                        .is(413, TOO_LARGE),
                post("/hooks/plain", tooLongForPlain).is(413, TOO_LARGE),
                post("/hooks/plain", tooLongForPlain).sentChunked().is(413, TOO_LARGE),
                post("/hooks/plain", "x".repeat(4000)).sentChunked().is(413, TOO_LARGE),
                post("/hooks/plain", "x".repeat(60_000)).is(413, TOO_LARGE),
                post("/hooks/plain", "x".repeat(100_000)).is(413, TOO_LARGE),
                post(SOURCES, OVERSIZE_SOURCE).token(Optional.empty()).is(401, UNAUTHORIZED),
                post("/api/v1/nothing-here", OVERSIZE_SOURCE).is(404, NOT_FOUND),
                post(SOURCES + "/plain", OVERSIZE_SOURCE).is(405, WRONG_METHOD))
                .map(BadInput::onItsOwnConnection);
    }

    private static Stream<BadInput> unknownResources() {
        return Stream.of(
                post("/hooks/nosuch", "{}").is(404, "unknown_source"),
                post("/hooks/Not%20Valid", "{}").is(404, "unknown_source"),
                post("/hooks/" + "a".repeat(65), "{}").is(404, "unknown_source"),
                get(SOURCES + "/nosuch").is(404, NOT_FOUND),
                put(SOURCES + "/nosuch", "{\"id\":\"nosuch\"}").is(404, NOT_FOUND),
                delete(SOURCES + "/nosuch").is(404, NOT_FOUND),
                get(TARGETS + "/nosuch").is(404, NOT_FOUND),
                put(TARGETS + "/nosuch", "{\"url\":\"{receiver}\"}").is(404, NOT_FOUND),
                delete(TARGETS + "/nosuch").is(404, NOT_FOUND),
                post(TARGETS + "/nosuch/pause", "").is(404, NOT_FOUND),
                post(ROUTES, "{\"source\":\"nosuch\",\"target\":\"sink\"}").is(404, NOT_FOUND),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"nosuch\"}").is(404, NOT_FOUND),
                delete(ROUTES + "/" + NO_ROUTE).is(404, NOT_FOUND),
                get("/api/v1/events/" + NO_EVENT).is(404, NOT_FOUND),
                post("/api/v1/events/" + NO_EVENT + "/replay", "").is(404, NOT_FOUND),
                get("/api/v1/deliveries/" + NO_DELIVERY).is(404, NOT_FOUND),
                post("/api/v1/deliveries/" + NO_DELIVERY + "/retry", "").is(404, NOT_FOUND),
                get("/api/v1/nothing-here").is(404, NOT_FOUND),
                get(SOURCES + "/plain/routes").is(404, NOT_FOUND),
                get("/nothing-here").is(404, NOT_FOUND));
    }

    private static Stream<BadInput> conflicts() {
        return Stream.of(
                post(SOURCES, "{\"id\":\"plain\"}").is(409, CONFLICT),
                post(TARGETS, "{\"id\":\"sink\",\"url\":\"{receiver}\"}").is(409, CONFLICT),
                post("/api/v1/deliveries/{completed}/retry", "").is(409, CONFLICT),
                post("/api/v1/deliveries/{completed}/cancel", "").is(409, CONFLICT),
                post("/api/v1/deliveries/{cancelled}/cancel", "").is(409, CONFLICT),
                post(BACKUP, "{\"path\":\"{backups}/existing.db\"}").is(409, CONFLICT),
                post(BACKUP, "{\"path\":\"existing.db\"}").is(409, CONFLICT));
    }

    private static Stream<BadInput> invalidCursors() {
        return Stream.of(
                get("/api/v1/events?cursor=garbage").is(400, INVALID_CURSOR),
                get("/api/v1/events?cursor=%21%21%21").is(400, INVALID_CURSOR),
                get("/api/v1/events?cursor=").is(400, INVALID_CURSOR),
                get("/api/v1/events?cursor=" + cursorOf(NO_DELIVERY)).is(400, INVALID_CURSOR),
                get("/api/v1/events?cursor=" + cursorOf(NO_EVENT) + "x").is(400, INVALID_CURSOR),
                get("/api/v1/deliveries?cursor=" + cursorOf(NO_EVENT)).is(400, INVALID_CURSOR),
                get("/api/v1/deliveries?cursor=" + cursorOf("dlv_short")).is(400, INVALID_CURSOR));
    }

    private static Stream<BadInput> wrongMethods() {
        return Stream.of(
                get("/hooks/plain").is(405, WRONG_METHOD),
                put("/hooks/plain", "{}").is(405, WRONG_METHOD),
                delete(SOURCES).is(405, WRONG_METHOD),
                put(SOURCES, "[]").is(405, WRONG_METHOD),
                request("PATCH", SOURCES + "/plain", "{\"max_body_bytes\":5}").is(405, WRONG_METHOD),
                post(SOURCES + "/plain", "{\"id\":\"plain\"}").is(405, WRONG_METHOD),
                get(TARGETS + "/held/resume").is(405, WRONG_METHOD),
                delete(TARGETS + "/held/pause").is(405, WRONG_METHOD),
                put(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\"}").is(405, WRONG_METHOD),
                get(ROUTES + "/{route}").is(405, WRONG_METHOD),
                post("/api/v1/events", "{}").is(405, WRONG_METHOD),
                delete("/api/v1/events/{event}").is(405, WRONG_METHOD),
                get("/api/v1/events/{event}/replay").is(405, WRONG_METHOD),
                delete("/api/v1/deliveries/{completed}").is(405, WRONG_METHOD),
                get(BULK_RETRY).is(405, WRONG_METHOD),
                delete(BACKUP).is(405, WRONG_METHOD),
                post("/healthz", "").is(405, WRONG_METHOD));
    }

    private static Stream<BadInput> unknownQueryParameters() {
        return Stream.of(
                get(SOURCES + "?verbose=1").is(400, INVALID_REQUEST),
                get(ROUTES + "?source=plain").is(400, INVALID_REQUEST),
                get("/api/v1/events?sort=asc").is(400, INVALID_REQUEST),
                get("/api/v1/deliveries?status=failed").is(400, INVALID_REQUEST),
                get(SOURCES + "/plain?fields").is(400, INVALID_REQUEST),
                delete(SOURCES + "/plain?force=true").is(400, INVALID_REQUEST),
                delete(TARGETS + "/held?cascade=1").is(400, INVALID_REQUEST),
                post(TARGETS + "/held/resume?now=1", "").is(400, INVALID_REQUEST),
                post("/api/v1/events/{event}/replay?dry_run=1", "").is(400, INVALID_REQUEST),
                post(SOURCES + "?upsert=1", "{\"id\":\"fresh\"}").is(400, INVALID_REQUEST),
                get("/api/v1/events?limit=1&limit=2").is(400, INVALID_REQUEST));
    }

    private static Stream<BadInput> badLimitsStatesAndTimes() {
        Stream<BadInput> limits = Stream.of("0", "501", "-1", "abc", "", "99999999999", "%2B5")
                .map(limit -> get("/api/v1/events?limit=" + limit).is(400, INVALID_REQUEST));
        Stream<BadInput> states = Stream.of("done", "FAILED")
                .map(state -> get("/api/v1/deliveries?state=" + state).is(400, INVALID_REQUEST));
        Stream<BadInput> bulk = Stream.of("{}", "{\"state\":\"completed\"}", "{\"state\":\"pending\"}",
                "{\"state\":null}", "{\"state\":\"failed\",\"since\":\"yesterday\"}",
                "{\"state\":\"failed\",\"since\":\"2024-05-01\"}", "{\"state\":\"failed\",\"since\":\"2024-02-30T00:00:00Z\"}",
                "{\"state\":\"failed\",\"since\":\"2024-05-01T12:00:00\"}", "{\"state\":\"failed\",\"since\":1714564800}")
                .map(body -> post(BULK_RETRY, body).is(400, INVALID_REQUEST));
        return Stream.of(limits, states, bulk, Stream.of(
                        get("/api/v1/deliveries?limit=501").is(400, INVALID_REQUEST),
                        post(BACKUP, "{\"path\":\"relative/backup.db\"}").is(400, INVALID_REQUEST),
                        post(BACKUP, "{\"path\":\"{backups}/no-such-dir/backup.db\"}").is(400, INVALID_REQUEST),
                        post(BACKUP, "{}").is(400, INVALID_REQUEST)))
                .flatMap(cases -> cases);
    }

    private static Stream<BadInput> badVerification() {
        Stream<String> verifies = Stream.of(
                "{\"scheme\":\"md5\"}", "{}", "{\"scheme\":\"Standard-Webhooks\",\"secret\":\"" + whsec(32) + "\"}",
                "{\"scheme\":\"standard-webhooks\"}", "{\"scheme\":\"standard-webhooks\",\"secret\":\"not-a-whsec\"}",
                "{\"scheme\":\"standard-webhooks\",\"secret\":\"" + whsec(8) + "\"}",
                "{\"scheme\":\"standard-webhooks\",\"secret\":\"whsec_!!!not-base64!!!\"}",
                "{\"scheme\":\"standard-webhooks\",\"secret\":\"" + whsec(32) + "\",\"prefix\":\"v1,\"}",
                "{\"scheme\":\"hmac-sha256\",\"secret\":\"\"}",
                "{\"scheme\":\"hmac-sha256\",\"secret\":\"s\",\"encoding\":\"base32\"}",
                "{\"scheme\":\"hmac-sha256\",\"secret\":\"s\",\"header\":\"Bad Header\"}",
                "{\"scheme\":\"hmac-sha256\",\"secret\":\"s\",\"header\":\"X-Sig\",\"prefix\":\"\\u0001\"}",
                "{\"scheme\":\"hmac-sha256\",\"secret\":\"" + "s".repeat(513) + "\"}",
                "{\"scheme\":\"none\",\"secret\":\"pointless\"}",
                "{\"scheme\":\"stripe\"}", "{\"scheme\":\"stripe\",\"secret\":\"s\",\"header\":\"Stripe-Signature\"}");
        Stream<String> otherSourceFields = Stream.of(
                "\"event_type\":{\"header\":\"X-Type\",\"json_pointer\":\"/type\"}", "\"event_type\":{}",
                "\"event_type\":{\"header\":\"Bad Header\"}", "\"event_type\":{\"json_pointer\":\"type\"}",
                "\"event_type\":{\"json_pointer\":\"/" + "t".repeat(257) + "\"}",
                "\"idempotency_header\":\"has space\"", "\"idempotency_header\":\"" + "h".repeat(129) + "\"",
                "\"idempotency_header\":\"\"");
        return Stream.of(
                verifies.map(verify -> post(SOURCES, "{\"id\":\"x1\",\"verify\":" + verify + "}").is(400, INVALID_REQUEST)),
                otherSourceFields.map(field -> post(SOURCES, "{\"id\":\"x1\"," + field + "}").is(400, INVALID_REQUEST)),
                Stream.of(
                        put(SOURCES + "/github", "{\"verify\":{\"scheme\":\"hmac-sha256\"}}").is(400, INVALID_REQUEST),
                        post(TARGETS, target("\"secret\":\"not-a-whsec\"")).is(400, INVALID_REQUEST),
                        post(TARGETS, target("\"secret\":\"" + whsec(8) + "\"")).is(400, INVALID_REQUEST),
                        post(TARGETS, target("\"secret\":\"" + whsec(65) + "\"")).is(400, INVALID_REQUEST),
                        put(TARGETS + "/sink", "{\"url\":\"{receiver}\",\"secret\":\"whsec_%%%\"}").is(400, INVALID_REQUEST)))
                .flatMap(cases -> cases);
    }

    private static Stream<BadInput> badRouteFilters() {
        Stream<String> filters = Stream.of("push*", "*", "issues.*.*", "", "a b", "issues.", "issues..opened", "t".repeat(201),
                "caf\u00e9");
        String tooMany = IntStream.range(0, 101).mapToObj(i -> "\"type" + i + "\"").collect(Collectors.joining(","));
        return Stream.concat(
                filters.map(filter -> post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":[\"" + filter + "\"]}")
                        .is(400, INVALID_REQUEST)),
                Stream.of(post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":[" + tooMany + "]}")
                        .is(400, INVALID_REQUEST)));
    }

    /** Webhooks the ingest endpoint refuses: forged or missing signatures, oversize keys and types. */
    private static Stream<BadInput> refusedWebhooks() {
        return Stream.of(
                post("/hooks/github", "{}").is(401, INVALID_SIGNATURE),
                post("/hooks/github", "{}").header("X-Hub-Signature-256", "sha256=" + ZEROS_HEX).is(401, INVALID_SIGNATURE),
                post("/hooks/github", "{}").header("X-Hub-Signature-256", "md5=abc").is(401, INVALID_SIGNATURE),
                post("/hooks/sw", "{}").header("webhook-id", "msg_1").header("webhook-timestamp", "{now}")
                        .header("webhook-signature", "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=").is(401, INVALID_SIGNATURE),
                post("/hooks/sw", "{}").is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", "{}").header("Stripe-Signature", "t={now},v1=" + ZEROS_HEX).is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", "{}").header("Stripe-Signature", "garbage").is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", "{}").is(401, INVALID_SIGNATURE),
                post("/hooks/plain", "{}").header("X-Hookrelay-Hops", "3").is(508, LOOP_DETECTED),
                post("/hooks/plain", "{}").header("x-hookrelay-hops", "99999999999999999999").is(508, LOOP_DETECTED),
                post("/hooks/plain", "{}").header("X-Hookrelay-Hops", "1, 4").is(508, LOOP_DETECTED),
                post("/hooks/plain", "{}").header("Idempotency-Key", "k".repeat(257)).is(400, INVALID_REQUEST));
    }

    /**
     * Ports outside 1–65535, pointers that are not RFC 6901, and optional names given empty (which would
     * otherwise have silently meant the default), on create and on replace alike.
     */
    private static Stream<BadInput> portsAndPointersAndEmptyNames() {
        Stream<BadInput> ports = Stream.of("0", "65536", "99999").flatMap(port -> Stream.of(
                post(TARGETS, "{\"id\":\"t1\",\"url\":\"http://127.0.0.1:" + port + "/hook\"}").is(400, INVALID_REQUEST),
                put(TARGETS + "/sink", "{\"url\":\"http://127.0.0.1:" + port + "/hook\"}").is(400, INVALID_REQUEST)));
        Stream<String> sourceFields = Stream.of(
                "\"event_type\":{\"json_pointer\":\"/a~2b\"}", "\"event_type\":{\"json_pointer\":\"/a~\"}",
                "\"event_type\":{\"json_pointer\":\"\"}", "\"event_type\":{\"header\":\"\"}",
                "\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"s\",\"header\":\"\"}",
                "\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"s\",\"header\":\" \"}",
                "\"verify\":{\"scheme\":\"stripe\",\"secret\":\"s\",\"header\":\"\"}",
                "\"verify\":{\"scheme\":\"stripe\",\"secret\":\"s\",\"prefix\":\"\"}",
                "\"redact_headers\":[\"Bad Header\"]", "\"redact_headers\":[\"\"]", "\"redact_headers\":[null]",
                "\"redact_headers\":\"X-Secret\"",
                "\"redact_headers\":[" + IntStream.range(0, 51).mapToObj(i -> "\"X-S" + i + "\"").collect(Collectors.joining(",")) + "]",
                "\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"s\"},\"redact_headers\":[\"x-hub-signature-256\"]",
                "\"redact_headers\":[\"X-Hookrelay-Hops\"]");
        return Stream.of(ports,
                        sourceFields.map(field -> post(SOURCES, "{\"id\":\"x1\"," + field + "}").is(400, INVALID_REQUEST)),
                        Stream.of(put(SOURCES + "/typed", "{\"event_type\":{\"json_pointer\":\"/a~2b\"}}").is(400, INVALID_REQUEST),
                                put(SOURCES + "/github", "{\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"s\",\"header\":\"\"}}")
                                        .is(400, INVALID_REQUEST)))
                .flatMap(cases -> cases);
    }

    /**
     * The delivery features' fields, given what each refuses: a source's forwarded headers and body idempotency key, a route's
     * payload filters, a target's rate limit, ordering and signature, a rotation, the settings. Replacements go to
     * what the world has set them on ({@code keyed}, {@code limited}, the operator target {@code ops}), each with
     * the rest of the resource as it is, so a refusal that changed a little would show. {@link PostgresBadInputIT}
     * sends these on PostgreSQL.
     */
    static Stream<BadInput> deliveryFeatureInputs() {
        return Stream.of(badForwardHeaders(), badIdempotencyPointers(), badPayloadFilters(), badRateLimits(), badOrderingsAndSignatures(),
                        badRotations(), badSettings())
                .flatMap(cases -> cases);
    }

    /** Lists that are no list of header names, and names never forwarded: hop-by-hop, credentials, the relay's own, proxies' claims. */
    private static Stream<BadInput> badForwardHeaders() {
        String tooMany = IntStream.range(0, 21).mapToObj(i -> "\"X-Provider-" + i + "\"").collect(Collectors.joining(","));
        Stream<String> lists = Stream.of("\"X-GitHub-Event\"", "{\"X-GitHub-Event\":true}", "5", "true", "[null]",
                "[\"X-GitHub-Event\",null]", "[5]", "[[\"X-GitHub-Event\"]]", "[\"\"]", "[\"Bad Header\"]", "[\"X-GitHub-Event:\"]",
                "[\"" + "h".repeat(129) + "\"]", "[" + tooMany + "]",
                "[\"connection\"]", "[\"Keep-Alive\"]", "[\"Transfer-Encoding\"]", "[\"TE\"]", "[\"Upgrade\"]", "[\"host\"]",
                "[\"Content-Length\"]", "[\"Proxy-Connection\"]", "[\"Expect\"]", "[\"Set-Cookie\"]",
                "[\"authorization\"]", "[\"Cookie\"]", "[\"Proxy-Authorization\"]", "[\"X-Api-Key\"]", "[\"x-auth-token\"]",
                "[\"X-Gitlab-Token\"]", "[\"X-GitHub-Event\",\"Authorization\"]", "[\"Api-Key\"]", "[\"X-Access-Token\"]",
                "[\"X-Client-Secret\"]", "[\"X-Db-Password\"]", "[\"Content-Encoding\"]", "[\"X-Hookrelay-Relay\"]",
                "[\"webhook-id\"]", "[\"Webhook-Signature\"]", "[\"webhook-timestamp\"]", "[\"X-Hookrelay-Source\"]",
                "[\"x-hookrelay-hops\"]", "[\"Content-Type\"]", "[\"User-Agent\"]",
                "[\"X-Forwarded-For\"]", "[\"Forwarded\"]", "[\"Via\"]", "[\"X-Real-IP\"]");
        return Stream.concat(
                lists.flatMap(list -> Stream.of(
                        post(SOURCES, "{\"id\":\"x1\",\"forward_headers\":" + list + "}").is(400, INVALID_REQUEST),
                        put(SOURCES + "/keyed", keyed("\"forward_headers\":" + list)).is(400, INVALID_REQUEST))),
                Stream.of(
                        post(SOURCES, "{\"id\":\"x1\",\"redact_headers\":[\"X-Tenant-Token\"],\"forward_headers\":[\"x-tenant-token\"]}")
                                .is(400, INVALID_REQUEST),
                        put(SOURCES + "/keyed", "{\"idempotency_json_pointer\":\"/id\",\"redact_headers\":[\"X-Tenant-Token\"],"
                                + "\"forward_headers\":[\"X-GitHub-Event\",\"X-TENANT-TOKEN\"]}").is(400, INVALID_REQUEST),
                        put(SOURCES + "/plain", "{\"max_body_bytes\":1024,\"forward_headers\":[\"Cookie\"]}").is(400, INVALID_REQUEST)));
    }

    /** Pointers that are not RFC 6901, values that are not strings, and a pointer beside an idempotency header. */
    private static Stream<BadInput> badIdempotencyPointers() {
        Stream<String> pointers = Stream.of("\"id\"", "\"\"", "\"#/id\"", "\"/a~2b\"", "\"/a~\"", "\"/id\\u0000\"",
                "\"/\\ud800\"", "\"/" + "i".repeat(256) + "\"", "5", "true", "[\"/id\"]", "{\"pointer\":\"/id\"}");
        return Stream.concat(
                pointers.flatMap(pointer -> Stream.of(
                        post(SOURCES, "{\"id\":\"x1\",\"idempotency_json_pointer\":" + pointer + "}").is(400, INVALID_REQUEST),
                        put(SOURCES + "/keyed", "{\"idempotency_json_pointer\":" + pointer + ",\"redact_headers\":[\"X-Tenant-Token\"],"
                                + "\"forward_headers\":[\"X-GitHub-Event\",\"X-GitHub-Delivery\"]}").is(400, INVALID_REQUEST))),
                Stream.of(
                        post(SOURCES, "{\"id\":\"x1\",\"idempotency_header\":\"X-Key\",\"idempotency_json_pointer\":\"/id\"}")
                                .is(400, INVALID_REQUEST),
                        put(SOURCES + "/keyed", keyed("\"idempotency_header\":\"Idempotency-Key\"")).is(400, INVALID_REQUEST),
                        put(SOURCES + "/plain", "{\"max_body_bytes\":1024,\"idempotency_header\":\"X-Key\",\"idempotency_json_pointer\":\"/id\"}")
                                .is(400, INVALID_REQUEST)));
    }

    /**
     * A route's {@code filters}: pointers that are not RFC 6901, no condition or two, a condition there is not, an
     * empty {@code in}, objects and arrays to compare with, operands of the wrong type or size, too many filters.
     */
    private static Stream<BadInput> badPayloadFilters() {
        String tooManyValues = IntStream.range(0, 101).mapToObj(i -> "\"v" + i + "\"").collect(Collectors.joining(","));
        String tooManyFilters = IntStream.range(0, 21).mapToObj(i -> "{\"pointer\":\"/f" + i + "\",\"exists\":true}")
                .collect(Collectors.joining(","));
        Stream<String> filters = Stream.of(
                "{\"pointer\":\"type\",\"equals\":\"invoice.paid\"}", "{\"pointer\":\"\",\"exists\":true}",
                "{\"pointer\":\"/a~2b\",\"exists\":true}", "{\"pointer\":\"/a~\",\"exists\":true}", "{\"pointer\":\"#/type\",\"exists\":true}",
                "{\"pointer\":\"/" + "p".repeat(256) + "\",\"exists\":true}", "{\"equals\":\"invoice.paid\"}",
                "{\"pointer\":5,\"equals\":\"invoice.paid\"}", "{\"pointer\":null,\"exists\":true}", "{\"pointer\":[\"/type\"],\"exists\":true}",
                "{\"pointer\":\"/type\"}", "{\"pointer\":\"/type\",\"matches\":\"invoice.*\"}", "{\"pointer\":\"/type\",\"not_equals\":\"x\"}",
                "{\"pointer\":\"/type\",\"equals\":\"a\",\"prefix\":\"a\"}", "{\"pointer\":\"/type\",\"in\":[\"a\"],\"exists\":true}",
                "{\"pointer\":\"/type\",\"equals\":null,\"exists\":true}",
                "{\"pointer\":\"/type\",\"in\":[]}", "{\"pointer\":\"/type\",\"in\":\"a\"}", "{\"pointer\":\"/type\",\"in\":null}",
                "{\"pointer\":\"/type\",\"in\":{\"a\":1}}", "{\"pointer\":\"/type\",\"in\":[{\"a\":1}]}", "{\"pointer\":\"/type\",\"in\":[[\"a\"]]}",
                "{\"pointer\":\"/type\",\"in\":[" + tooManyValues + "]}",
                "{\"pointer\":\"/type\",\"equals\":{\"a\":1}}", "{\"pointer\":\"/type\",\"equals\":[\"a\"]}",
                "{\"pointer\":\"/livemode\",\"exists\":\"yes\"}", "{\"pointer\":\"/livemode\",\"exists\":1}",
                "{\"pointer\":\"/livemode\",\"exists\":null}",
                "{\"pointer\":\"/type\",\"prefix\":5}", "{\"pointer\":\"/type\",\"prefix\":true}", "{\"pointer\":\"/type\",\"prefix\":null}",
                "{\"pointer\":\"/type\",\"prefix\":\"\"}", "{\"pointer\":\"/type\",\"prefix\":\"" + "p".repeat(1025) + "\"}",
                "{\"pointer\":\"/type\",\"equals\":\"" + "e".repeat(1025) + "\"}", "{\"pointer\":\"/type\",\"equals\":\"a\\u0000b\"}",
                "{\"pointer\":\"/type\",\"in\":[\"a\",\"\\ud800\"]}", "{\"pointer\":\"/\\udc00\",\"exists\":true}",
                "{\"pointer\":\"/n\",\"equals\":" + "1".repeat(101) + "}", "{\"pointer\":\"/n\",\"in\":[1,1e1001]}");
        return Stream.concat(
                filters.map(filter -> post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"filters\":[" + filter + "]}")
                        .is(400, INVALID_REQUEST)),
                Stream.of(
                        post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"filters\":{\"pointer\":\"/type\",\"equals\":\"a\"}}")
                                .is(400, INVALID_REQUEST),
                        post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"filters\":\"/type\"}").is(400, INVALID_REQUEST),
                        post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"filters\":[null]}").is(400, INVALID_REQUEST),
                        post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"filters\":[" + tooManyFilters + "]}").is(400, INVALID_REQUEST),
                        post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":[\"invoice.*\"],\"filters\":["
                                + "{\"pointer\":\"/livemode\",\"equals\":true},{\"pointer\":\"/type\"}]}").is(400, INVALID_REQUEST)));
    }

    /** Rates outside 0.01 to 100,000 or not a number, on a new target and on the limited one and an unlimited one replaced. */
    private static Stream<BadInput> badRateLimits() {
        Stream<String> rates = Stream.of("0", "-1", "-0.5", "0.009", "100001", "1e400", "1e-400", "\"5\"", "true", "[5]", "{\"per_s\":5}");
        return Stream.concat(
                rates.flatMap(rate -> Stream.of(
                        post(TARGETS, target("\"rate_limit_per_s\":" + rate)).is(400, INVALID_REQUEST),
                        put(TARGETS + "/limited", "{\"url\":\"{receiver}\",\"ordering\":\"fifo\",\"rate_limit_per_s\":" + rate + "}")
                                .is(400, INVALID_REQUEST))),
                Stream.of(
                        post(TARGETS, "{\"id\":\"limited\",\"url\":\"{receiver}\",\"rate_limit_per_s\":0}").is(400, INVALID_REQUEST),
                        put(TARGETS + "/sink", "{\"url\":\"{receiver}\",\"rate_limit_per_s\":-5}").is(400, INVALID_REQUEST),
                        put(TARGETS + "/sink", "{\"url\":\"{receiver}\",\"rate_limit_per_s\":1000000}").is(400, INVALID_REQUEST)));
    }

    /** Orderings but none and fifo, signatures but v1 and v1a, and a scheme that does not fit the secret, given or kept. */
    private static Stream<BadInput> badOrderingsAndSignatures() {
        Stream<String> orderings = Stream.of("\"lifo\"", "\"FIFO\"", "\"\"", "\"fifo \"", "1", "true", "[\"fifo\"]", "{\"fifo\":true}");
        Stream<String> signatures = Stream.of("\"v2\"", "\"V1A\"", "\"\"", "\"ed25519\"", "\"v1,v1a\"", "1", "[\"v1a\"]");
        String limited = "{\"url\":\"{receiver}\",\"rate_limit_per_s\":2.5,";
        return Stream.of(
                        orderings.flatMap(ordering -> Stream.of(
                                post(TARGETS, target("\"ordering\":" + ordering)).is(400, INVALID_REQUEST),
                                put(TARGETS + "/limited", limited + "\"ordering\":" + ordering + "}").is(400, INVALID_REQUEST))),
                        signatures.flatMap(signature -> Stream.of(
                                post(TARGETS, target("\"signature\":" + signature)).is(400, INVALID_REQUEST),
                                put(TARGETS + "/limited", limited + "\"ordering\":\"fifo\",\"signature\":" + signature + "}")
                                        .is(400, INVALID_REQUEST))),
                        Stream.of(
                                put(TARGETS + "/limited", limited + "\"ordering\":\"fifo\",\"signature\":\"v1\"}").is(400, INVALID_REQUEST),
                                put(TARGETS + "/limited", limited + "\"ordering\":\"fifo\",\"secret\":\"" + whsk(33) + "\"}")
                                        .is(400, INVALID_REQUEST),
                                put(TARGETS + "/sink", "{\"url\":\"{receiver}\",\"signature\":\"v1a\"}").is(400, INVALID_REQUEST),
                                post(TARGETS, target("\"signature\":\"v1a\",\"secret\":\"" + whsec(32) + "\"")).is(400, INVALID_REQUEST),
                                post(TARGETS, target("\"signature\":\"v1\",\"secret\":\"" + whsk(32) + "\"")).is(400, INVALID_REQUEST),
                                post(TARGETS, target("\"secret\":\"" + whsk(31) + "\"")).is(400, INVALID_REQUEST)))
                .flatMap(cases -> cases);
    }

    /** A rotation's {@code grace_s} outside 0 to 30 days or not a whole number, an unknown scheme or field, a body that is no object. */
    private static Stream<BadInput> badRotations() {
        Stream<String> bodies = Stream.of("{\"grace_s\":-1}", "{\"grace_s\":\"3600\"}", "{\"grace_s\":2592001}", "{\"grace_s\":1.5}",
                "{\"grace_s\":9223372036854775807}", "{\"grace_s\":99999999999999999999}", "{\"grace_s\":true}", "{\"grace_s\":[60]}",
                "{\"signature\":\"v2\"}", "{\"signature\":\"\"}", "{\"grace\":60}", "{\"grace_s\":60,\"secret\":\"" + whsec(32) + "\"}",
                "[]", "null", "60");
        return Stream.concat(
                bodies.flatMap(body -> Stream.of(
                        post(TARGETS + "/sink/rotate-secret", body).is(400, INVALID_REQUEST),
                        post(TARGETS + "/limited/rotate-secret", body).is(400, INVALID_REQUEST))),
                Stream.of(
                        post(TARGETS + "/limited/rotate-secret", "{\"grace_s\":").is(400, INVALID_JSON),
                        post(TARGETS + "/sink/rotate-secret", "{\"grace_s\":60}").contentType("text/plain").is(415, WRONG_MEDIA_TYPE),
                        post(TARGETS + "/nosuch/rotate-secret", "{\"grace_s\":60}").is(404, NOT_FOUND),
                        get(TARGETS + "/sink/rotate-secret").is(405, WRONG_METHOD)));
    }

    /** {@code PUT /api/v1/settings} with a body that is no settings object, an operator target that is no target, a field there is not. */
    private static Stream<BadInput> badSettings() {
        Stream<String> bodies = Stream.of("", "null", "5", "true", "\"ops\"", "[]", "[{\"operator_target\":\"ops\"}]",
                "{\"operator_target\":\"nobody\"}", "{\"operator_target\":\"Ops!\"}", "{\"operator_target\":\"\"}",
                "{\"operator_target\":\"" + "o".repeat(65) + "\"}", "{\"operator_target\":5}", "{\"operator_target\":[\"ops\"]}",
                "{\"operator_target\":{\"id\":\"ops\"}}", "{\"operator_target\":\"ops\",\"auto_pause_after\":5}", "{\"operator\":\"ops\"}");
        return Stream.concat(
                bodies.map(body -> put(BadInputWorld.SETTINGS, body).is(400, INVALID_REQUEST)),
                Stream.of(
                        put(BadInputWorld.SETTINGS, "{\"operator_target\":").is(400, INVALID_JSON),
                        put(BadInputWorld.SETTINGS, "{\"operator_target\":null}").contentType("text/plain").is(415, WRONG_MEDIA_TYPE),
                        put(BadInputWorld.SETTINGS, "{}").token(Optional.empty()).is(401, UNAUTHORIZED),
                        post(BadInputWorld.SETTINGS, "{}").is(405, WRONG_METHOD),
                        delete(BadInputWorld.SETTINGS).is(405, WRONG_METHOD),
                        get(BadInputWorld.SETTINGS + "?operator_target=ops").is(400, INVALID_REQUEST)));
    }

    /** A replacement of {@code keyed} with its idempotency pointer and redacted header, and {@code field}. */
    private static String keyed(String field) {
        return "{\"idempotency_json_pointer\":\"/id\",\"redact_headers\":[\"X-Tenant-Token\"]," + field + "}";
    }

    /** The world's route from plain to sink again: its filters (none) written every way they can be. */
    private static Stream<BadInput> duplicateRoutes() {
        return Stream.of(
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\"}").is(409, CONFLICT),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":[]}").is(409, CONFLICT),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":null}").is(409, CONFLICT));
    }

    private static Stream<BadInput> missingOrWrongToken() {
        Optional<String> wrong = Optional.of("wrong-token-wrong-token");
        return Stream.of(
                get(SOURCES).token(Optional.empty()).is(401, UNAUTHORIZED),
                post(SOURCES, "{\"id\":\"sneaky\"}").token(Optional.empty()).is(401, UNAUTHORIZED),
                post(SOURCES, "{\"id\":\"sneaky\"}").token(wrong).is(401, UNAUTHORIZED),
                post(SOURCES, "{\"id\":\"sneaky\"}").token(Optional.empty())
                        .header("Authorization", "Basic YWRtaW46YWRtaW4=").is(401, UNAUTHORIZED),
                post(SOURCES, "{\"id\":\"sneaky\"}").token(Optional.empty())
                        .header("Authorization", RelayServer.ADMIN_TOKEN).is(401, UNAUTHORIZED),
                post(TARGETS + "/held/resume", "").token(Optional.empty()).is(401, UNAUTHORIZED),
                post(BACKUP, "{\"path\":\"{backups}/never.db\"}").token(wrong).is(401, UNAUTHORIZED),
                get("/api/v1/nothing-here").token(Optional.empty()).is(401, UNAUTHORIZED));
    }

    /**
     * Ids that are junk once percent-decoded (a stray byte, NUL, overlong and surrogate UTF-8, a cut-off sequence,
     * a look-alike letter) or that try to climb out of their path segment: each is just an id that does not
     * exist or is not valid, never a way to another endpoint or file.
     */
    private static Stream<BadInput> junkIds() {
        Stream<String> junk = Stream.of("%FF", "%00", "%C0%AF", "%E0%80%AF", "%ED%A0%80", "%E2%82", "%D0%B0", "plain%00", "plain%0A",
                "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "%2E%2E%2F%2E%2E", "..%5C..%5Cwindows", "%252e%252e", "plain%2F..%2Fgithub");
        return Stream.concat(
                junk.flatMap(id -> Stream.of(
                        get(SOURCES + "/" + id).is(400, INVALID_REQUEST),
                        delete(TARGETS + "/" + id).is(400, INVALID_REQUEST),
                        post("/hooks/" + id, "{}").is(404, UNKNOWN_SOURCE))),
                Stream.of(
                        put(SOURCES + "/%2e%2e", "{}").is(400, INVALID_REQUEST),
                        post(TARGETS + "/..%2Fsources/pause", "").is(400, INVALID_REQUEST),
                        get("/api/v1/events/evt_%FF%FF").is(400, INVALID_REQUEST),
                        post("/api/v1/events/..%2F..%2Fevents%2F{event}/replay", "").is(400, INVALID_REQUEST),
                        post("/api/v1/deliveries/..%2F{cancelled}/retry", "").is(400, INVALID_REQUEST),
                        delete(ROUTES + "/rte_%00%00").is(400, INVALID_REQUEST),
                        get(SOURCES + "/%2e%2e/%2e%2e/healthz").is(404, NOT_FOUND),
                        post("/hooks/%2e%2e/api/v1/sources", "{\"id\":\"sneaky\"}").is(404, NOT_FOUND),
                        get("/api/v1/events?source=%FF").is(400, INVALID_REQUEST),
                        get("/api/v1/events?source=..%2Fplain").is(400, INVALID_REQUEST),
                        get("/api/v1/deliveries?event=%00").is(400, INVALID_REQUEST),
                        get("/api/v1/deliveries?target=%C0%AF").is(400, INVALID_REQUEST),
                        get("/api/v1/events?cursor=%C0%AF").is(400, INVALID_CURSOR),
                        get("/api/v1/events?%FF=1").is(400, INVALID_REQUEST)));
    }

    /**
     * JSON bombs within the 64 KiB limit: deep nesting where the API expects a string, a list or an object, numbers
     * and names longer than anything it reads, long strings, duplicate keys however they are spelled, and bodies
     * that are not UTF-8. Each is refused at the first token of the wrong shape, never read further.
     */
    private static Stream<BadInput> jsonBombs() {
        return Stream.of(
                post(SOURCES, "[".repeat(60_000)).is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"verify\":" + "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_001)).is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"event_type\":{\"header\":" + "[".repeat(30_000) + "]".repeat(30_000) + "}}").is(400, INVALID_REQUEST),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":" + "[".repeat(30_000) + "]".repeat(30_000) + "}")
                        .is(400, INVALID_REQUEST),
                post(TARGETS, target("\"retry_schedule_s\":" + "[".repeat(30_000) + "]".repeat(30_000))).is(400, INVALID_REQUEST),
                post(BULK_RETRY, "{\"state\":" + "{\"a\":".repeat(10_000)).is(400, INVALID_REQUEST),
                post(TARGETS + "/held/resume", "{\"a\":" + "[".repeat(30_000)).is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"max_body_bytes\":" + "9".repeat(60_000) + "}").is(400, INVALID_REQUEST),
                post(TARGETS, target("\"timeout_ms\":" + "9".repeat(999))).is(400, INVALID_REQUEST),
                post(TARGETS, target("\"timeout_ms\":1e999999999")).is(400, INVALID_REQUEST),
                post(TARGETS, target("\"max_in_flight\":-0.0e-999999999")).is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"" + "a".repeat(60_000) + "\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"" + "k".repeat(60_000) + "\":1}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\",\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"" + "s".repeat(60_000) + "\"}}")
                        .is(400, INVALID_REQUEST),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"event_types\":[" + "\"t\",".repeat(12_000) + "\"t\"]}")
                        .is(400, INVALID_REQUEST),
                post(SOURCES, "{" + IntStream.range(0, 5000).mapToObj(i -> "\"k" + i + "\":" + i).collect(Collectors.joining(",")) + "}")
                        .is(400, INVALID_REQUEST),
                post(TARGETS, "{\"id\":\"t1\",\"url\":\"{receiver}\",\"url\":\"http://127.0.0.1:9/elsewhere\"}").is(400, INVALID_JSON),
                post(SOURCES, "{\"id\":\"x1\",\"verify\":{\"scheme\":\"none\",\"scheme\":\"hmac-sha256\",\"secret\":\"s\"}}").is(400, INVALID_JSON),
                post(ROUTES, "{\"source\":\"plain\",\"target\":\"sink\",\"target\":\"held\"}").is(400, INVALID_JSON),
                post(SOURCES, "{\"id\":\"x1\",\"\\u0069d\":\"x2\"}").is(400, INVALID_JSON),
                post(SOURCES, "{\"id\":\"\\ud800\"}").is(400, INVALID_REQUEST),
                post(SOURCES, "{\"id\":\"x1\"} // trailing comment").is(400, INVALID_JSON),
                post(TARGETS, target("\"timeout_ms\":NaN")).is(400, INVALID_JSON),
                post(SOURCES, "{'id':'x1'}").is(400, INVALID_JSON),
                BadInput.withBytes("POST", SOURCES, bytes("7b226964223a22ff227d")).is(400, INVALID_JSON),
                BadInput.withBytes("POST", SOURCES, bytes("7b226964223a22c0af227d")).is(400, INVALID_JSON),
                BadInput.withBytes("POST", SOURCES, bytes("7b226964223a22eda080227d")).is(400, INVALID_JSON),
                BadInput.withBytes("POST", SOURCES, "{\"id\":\"utf16\"}".getBytes(StandardCharsets.UTF_16LE)).is(400, INVALID_JSON),
                BadInput.withBytes("POST", SOURCES, "{\"id\":\"utf16\"}".getBytes(StandardCharsets.UTF_16)).is(400, INVALID_JSON));
    }

    /**
     * The API reads a body only when it is declared JSON in UTF-8; anything else, or nothing, is 415 before the
     * body is looked at, even where the body would be fine. The token is still checked first.
     */
    private static Stream<BadInput> wrongContentTypes() {
        Stream<BadInput> createSource = Stream.of("", "text/plain", "application/x-www-form-urlencoded", "application/xml",
                        "multipart/form-data; boundary=x", "application/json; charset=utf-16", "application/merge-patch+json", "text/json",
                        "application/jsonx", "*/*")
                .map(type -> post(SOURCES, "{\"id\":\"fresh\"}").contentType(type).is(415, WRONG_MEDIA_TYPE));
        return Stream.concat(createSource, Stream.of(
                put(SOURCES + "/plain", "{\"max_body_bytes\":5}").contentType("text/plain").is(415, WRONG_MEDIA_TYPE),
                post(TARGETS, target("\"timeout_ms\":5000")).contentType("application/x-www-form-urlencoded").is(415, WRONG_MEDIA_TYPE),
                put(TARGETS + "/sink", "{\"url\":\"{receiver}\"}").contentType("").is(415, WRONG_MEDIA_TYPE),
                post(ROUTES, "{\"source\":\"typed\",\"target\":\"sink\"}").contentType("text/plain").is(415, WRONG_MEDIA_TYPE),
                post(BULK_RETRY, "{\"state\":\"failed\"}").contentType("text/plain").is(415, WRONG_MEDIA_TYPE),
                post(BACKUP, "{\"path\":\"{backups}/as-text.db\"}").contentType("text/plain").is(415, WRONG_MEDIA_TYPE),
                post(TARGETS + "/held/resume", "{}").contentType("text/plain").is(415, WRONG_MEDIA_TYPE),
                post("/api/v1/deliveries/{cancelled}/retry", "{}").contentType("application/xml").is(415, WRONG_MEDIA_TYPE),
                post("/api/v1/events/{event}/replay", "{}").contentType("").is(415, WRONG_MEDIA_TYPE),
                BadInput.withBytes("POST", SOURCES, "{\"id\":\"utf16\"}".getBytes(StandardCharsets.UTF_16))
                        .contentType("application/json; charset=utf-16").is(415, WRONG_MEDIA_TYPE),
                post(SOURCES, "{\"id\":\"fresh\"}").contentType("text/plain").token(Optional.empty()).is(401, UNAUTHORIZED)));
    }

    /**
     * Requests a provider really signed, refused all the same: captured and replayed after the tolerance, stamped
     * in the future, re-stamped with a fresh time over an old signature, or with the body or message id changed
     * after signing. The signatures are made with each source's secret ({@link BadInputWorld}).
     */
    private static Stream<BadInput> forgedAndReplayedSignatures() {
        String signed = BadInputWorld.SIGNED_BODY;
        String tampered = "{\"captured\":false}";
        return Stream.of(
                standardWebhooks(signed, BadInputWorld.SIGNED_ID, "{stale}", "{sw-stale}").is(401, INVALID_SIGNATURE),
                standardWebhooks(signed, BadInputWorld.SIGNED_ID, "{future}", "{sw-future}").is(401, INVALID_SIGNATURE),
                standardWebhooks(signed, BadInputWorld.SIGNED_ID, "{now}", "{sw-stale}").is(401, INVALID_SIGNATURE),
                standardWebhooks(tampered, BadInputWorld.SIGNED_ID, "{now}", "{sw-now}").is(401, INVALID_SIGNATURE),
                standardWebhooks(signed, "msg_other", "{now}", "{sw-now}").is(401, INVALID_SIGNATURE),
                standardWebhooks(signed, BadInputWorld.SIGNED_ID, "{now}000", "{sw-now}").is(401, INVALID_SIGNATURE),
                standardWebhooks(signed, BadInputWorld.SIGNED_ID, "yesterday", "{sw-now}").is(401, INVALID_SIGNATURE),
                standardWebhooks(signed, BadInputWorld.SIGNED_ID, "-{now}", "{sw-now}").is(401, INVALID_SIGNATURE),
                standardWebhooks(signed, BadInputWorld.SIGNED_ID, "{now}", "v2,{sw-now}").is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", signed).header("Stripe-Signature", "{stripe-stale}").is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", signed).header("Stripe-Signature", "{stripe-future}").is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", signed).header("Stripe-Signature", "t={now},v1={stripe-stale-v1}").is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", tampered).header("Stripe-Signature", "t={now},v1={stripe-now-v1}").is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", signed).header("Stripe-Signature", "t={stale},t={now},v1={stripe-now-v1}").is(401, INVALID_SIGNATURE),
                post("/hooks/stripe", signed).header("Stripe-Signature", "t={now},v0={stripe-now-v1}").is(401, INVALID_SIGNATURE),
                post("/hooks/github", tampered).header("X-Hub-Signature-256", "{github-signature}").is(401, INVALID_SIGNATURE),
                post("/hooks/github", signed).header("X-Hub-Signature", "{github-signature}").is(401, INVALID_SIGNATURE),
                post("/hooks/github", signed).header("X-Hub-Signature-256", "sha1=" + ZEROS_HEX.substring(24)).is(401, INVALID_SIGNATURE),
                post("/hooks/github", signed).header("X-Hub-Signature-256", "sha256=" + "0".repeat(LONG)).is(401, INVALID_SIGNATURE));
    }

    private static BadInput standardWebhooks(String body, String id, String timestamp, String signature) {
        return post("/hooks/sw", body).header("webhook-id", id).header("webhook-timestamp", timestamp).header("webhook-signature", signature);
    }

    /** Admin tokens anywhere but where the API reads them, or not quite right, on reads, writes and hostile bodies alike. */
    private static Stream<BadInput> misplacedOrNearlyRightTokens() {
        String token = RelayServer.ADMIN_TOKEN;
        return Stream.of(
                get(SOURCES + "?access_token=" + token).token(Optional.empty()).is(401, UNAUTHORIZED),
                get(SOURCES + "?token=" + token).token(Optional.empty()).is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.empty()).header("X-Admin-Token", token).is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.empty()).header("Cookie", "token=" + token).is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.empty()).header("Cookie", "hookrelay_session=4102444800.forged.forged=").is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.empty()).header("Authorization", "Token " + token).is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.empty()).header("Authorization", "Bearer").is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.of(token + "x")).is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.of(token.substring(0, token.length() - 1))).is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.of(token.toUpperCase(Locale.ROOT))).is(401, UNAUTHORIZED),
                get(SOURCES).token(Optional.of("a".repeat(LONG))).is(401, UNAUTHORIZED),
                delete(SOURCES + "/plain").token(Optional.of("wrong-token-wrong-token")).is(401, UNAUTHORIZED),
                post(SOURCES, "[".repeat(60_000)).token(Optional.empty()).is(401, UNAUTHORIZED),
                post(TARGETS + "/held/resume", "").token(Optional.empty()).header("Authorization", "Bearer " + token + ", Bearer " + token)
                        .header("X-Forwarded-User", "admin").is(401, UNAUTHORIZED));
    }

    /** Many or long headers and URLs that are still inside the server's head limits: the API's own checks refuse them. */
    private static Stream<BadInput> longHeadsWithinTheLimits() {
        return Stream.of(
                get(SOURCES).token(Optional.empty()).flood(90).is(401, UNAUTHORIZED),
                post("/hooks/github", "{}").flood(90).is(401, INVALID_SIGNATURE),
                post("/hooks/plain", "{}").header("Idempotency-Key", "k".repeat(LONG)).is(400, INVALID_REQUEST),
                get(SOURCES + "/" + "a".repeat(LONG)).is(400, INVALID_REQUEST),
                post("/hooks/" + "a".repeat(LONG), "{}").is(404, UNKNOWN_SOURCE),
                get("/api/v1/events?cursor=" + "A".repeat(LONG)).is(400, INVALID_CURSOR),
                get("/api/v1/events?source=" + "a".repeat(LONG)).is(400, INVALID_REQUEST),
                get(SOURCES + "?" + IntStream.range(0, 90).mapToObj(i -> "p" + i + "=1").collect(Collectors.joining("&")))
                        .is(400, INVALID_REQUEST));
    }

    /**
     * Requests Undertow's parser refuses: over the head limits (header count and bytes, URL length, query
     * parameters), with escapes or characters a URL cannot have, and with a body framed two ways or not at all.
     */
    static Stream<MalformedRequest> malformedRequests() {
        String auth = "Authorization: Bearer " + RelayServer.ADMIN_TOKEN + "\r\n";
        String json = "Content-Type: application/json\r\nContent-Length: 2\r\n";
        return Stream.of(
                new MalformedRequest("101 headers on the API", head("GET", SOURCES, auth + flood(99))),
                new MalformedRequest("10,000 headers on ingest", head("POST", "/hooks/plain", json + flood(10_000)) + "{}"),
                new MalformedRequest("a 33 KiB header on ingest", head("POST", "/hooks/plain", json + "X-Big: " + "b".repeat(33 * 1024) + "\r\n") + "{}"),
                new MalformedRequest("a 1 MiB header on the API", head("GET", SOURCES, auth + "X-Big: " + "b".repeat(1 << 20) + "\r\n")),
                new MalformedRequest("a 40 KiB URL on the API", head("GET", SOURCES + "/" + "a".repeat(40 * 1024), auth)),
                new MalformedRequest("a 1 MiB URL on ingest", head("POST", "/hooks/" + "a".repeat(1 << 20), json) + "{}"),
                new MalformedRequest("a 40 KiB query", head("GET", "/api/v1/events?cursor=" + "A".repeat(40 * 1024), auth)),
                new MalformedRequest("101 query parameters on ingest", head("POST", "/hooks/plain?" + parameters(101, i -> "p" + i), json) + "{}"),
                new MalformedRequest("1,001 repeats of one query parameter", head("GET", "/api/v1/events?" + parameters(1001, i -> "limit"), auth)),
                new MalformedRequest("a lone % in an id", head("POST", "/hooks/%", json) + "{}"),
                new MalformedRequest("%zz in an id", head("GET", SOURCES + "/%zz", auth)),
                new MalformedRequest("a cut-off escape in an id", head("DELETE", TARGETS + "/sink%F", auth)),
                new MalformedRequest("%G0 in a query", head("GET", "/api/v1/events?source=%G0", auth)),
                new MalformedRequest("raw UTF-8 in an id", head("POST", "/hooks/caf\u00c3\u00a9", json) + "{}"),
                new MalformedRequest("a raw overlong slash in an id", head("GET", SOURCES + "/..\u00c0\u00af..", auth)),
                new MalformedRequest("a raw NUL in an id", head("GET", SOURCES + "/pl\u0000ain", auth)),
                new MalformedRequest("a raw tab in an id", head("POST", "/hooks/pl\tain", json) + "{}"),
                new MalformedRequest("a space in an id", head("POST", "/hooks/pl ain", json) + "{}"),
                new MalformedRequest("a quote in a query", head("GET", "/api/v1/events?source=\"plain\"", auth)),
                new MalformedRequest("a fragment", head("POST", "/hooks/plain#x", json) + "{}"),
                new MalformedRequest("two Content-Lengths", head("POST", "/hooks/plain", "Content-Length: 2\r\nContent-Length: 13\r\n")
                        + "{}{\"also\":1}"),
                new MalformedRequest("a negative Content-Length", head("POST", "/hooks/plain", "Content-Length: -2\r\n") + "{}"),
                new MalformedRequest("a Content-Length past any number", head("POST", "/hooks/plain", "Content-Length: 99999999999999999999\r\n") + "{}"),
                new MalformedRequest("Content-Length and chunked", head("POST", "/hooks/plain", "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n")
                        + "0\r\n\r\n"),
                new MalformedRequest("chunked twice", head("POST", "/hooks/plain", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n")
                        + "2\r\n{}\r\n0\r\n\r\n"),
                new MalformedRequest("an HTTP/0.9 request", "GET /healthz\r\n\r\n"),
                new MalformedRequest("an HTTP/2 version on an HTTP/1 connection", "GET /healthz HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n"),
                new MalformedRequest("no Host", "GET " + SOURCES + " HTTP/1.1\r\n" + auth + "\r\n"),
                new MalformedRequest("not a request line", "HELLO\r\n\r\n"),
                new MalformedRequest("a 40 KiB method", head("A".repeat(40 * 1024), "/healthz", "")));
    }

    private static String head(String method, String target, String headers) {
        return method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n";
    }

    private static String flood(int count) {
        return IntStream.range(0, count).mapToObj(i -> "X-Flood-" + i + ": " + i + "\r\n").collect(Collectors.joining());
    }

    private static String parameters(int count, IntFunction<String> name) {
        return IntStream.range(0, count).mapToObj(i -> name.apply(i) + "=1").collect(Collectors.joining("&"));
    }

    private static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex);
    }

    /** A create request for target {@code t1} at the receiver, with one more field. */
    private static String target(String field) {
        return "{\"id\":\"t1\",\"url\":\"{receiver}\"," + field + "}";
    }

    private static String whsec(int keyBytes) {
        return "whsec_" + Base64.getEncoder().encodeToString(new byte[keyBytes]);
    }

    /** An ed25519 seed of {@code keyBytes} bytes as a v1a secret: only 32 is one. */
    private static String whsk(int keyBytes) {
        return "whsk_" + Base64.getEncoder().encodeToString(new byte[keyBytes]);
    }

    private static String cursorOf(String id) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id.getBytes(StandardCharsets.UTF_8));
    }

    private static ServerApi api() {
        return ServerApi.of(server.api());
    }

    private static List<Object> everything() throws IOException {
        return BadInputWorld.snapshot(server.api(), receiver, backups);
    }

    /** The server's answer; no answer at all (the connection closed or broke) fails the test saying so. */
    static ApiResponse answer(String what, Supplier<ApiResponse> request) {
        try {
            return request.get();
        } catch (UncheckedIOException e) {
            throw new AssertionError(what + " got no answer: the connection failed (" + e.getCause() + ")", e);
        }
    }
}
