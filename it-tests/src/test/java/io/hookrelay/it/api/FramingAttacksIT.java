package io.hookrelay.it.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.http.RawExchange;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 32's framing attacks on the jar, kept as regressions: a {@code Content-Length} that wraps past 2^64 is
 * refused and nothing after it is read as a request (V1), and the forms that held are served as HTTP/1.1 says, each
 * request stored once and nothing else: a folded header line, an HTTP/1.0 request, an absolute-form target (refused
 * when the Host header names another host), pipelined requests. On SQLite here and on PostgreSQL in {@link PostgresFramingAttacksIT}. Malformed heads, bad
 * chunk sizes, two lengths and a length beside chunked are in {@link BadInputIT#malformedRequests()} and
 * {@link StrictFramingIT}, which {@link HostileInputIT} also runs against the jar.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FramingAttacksIT {
    private static final String JSON = "Content-Type: application/json\r\n";

    private HookrelayProcess process;
    private int port;
    private ApiClient api;

    /** The jar, serving; {@link PostgresFramingAttacksIT} runs it on PostgreSQL instead. */
    Started launch(Path dataDir) throws IOException, InterruptedException {
        HookrelayProcess started = HookrelayProcess.serve(dataDir);
        started.awaitPort();
        return new Started(started, HookrelayProcess.adminTokenOf(dataDir));
    }

    record Started(HookrelayProcess process, String adminToken) {
    }

    @BeforeAll
    void start() throws Exception {
        Started started = launch(Files.createTempDirectory("hookrelay-framing"));
        process = started.process();
        port = process.awaitPort();
        api = new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(started.adminToken()));
        api.post("/api/v1/sources", "{\"id\":\"plain\"}").expect(201);
    }

    @AfterAll
    void stop() throws InterruptedException {
        process.terminate();
        assertThat(process.awaitExit()).as("a clean stop").isZero();
        assertThat(process.stdout() + process.stderr()).as("the process's output").doesNotContain("Exception", "ERROR");
        process.close();
    }

    @Test
    void aLengthThatWrapsPast2To64IsRefusedAndTheRequestInItsBodyIsNeverRead() throws IOException {
        int before = events().size();
        String smuggled = post("/hooks/plain", JSON + "Content-Length: 13\r\n") + "{\"smuggled\":1}";

        RawExchange answer = RawExchange.send(port, post("/hooks/plain", "Content-Length: 18446744073709551619\r\n") + "abc" + smuggled);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains("Content-Length must be a decimal number below 2^63");
        assertThat(answer.closed()).as("the connection closed, so nothing after the head is read").isTrue();
        assertThat(events()).as("nothing stored").hasSize(before);
    }

    @Test
    void aFoldedHeaderLineIsReadAsOneValueOfTheHeaderItContinues() throws IOException {
        RawExchange answer = RawExchange.send(port, post("/hooks/plain", JSON + "X-Folded: first\r\n second\r\nContent-Length: 2\r\n") + "{}");

        assertThat(answer.status()).isEqualTo(202);
        JsonNode headers = storedHeaders(answer);
        assertThat(headers.path("x-folded").asText()).as("one value, the fold a space").isEqualTo("first second");
        assertThat(headers.has("second")).isFalse();
    }

    @Test
    void anHttp10WebhookIsAnsweredAndStoredOnce() throws IOException {
        int before = events().size();

        RawExchange answer = RawExchange.send(port, "POST /hooks/plain HTTP/1.0\r\n" + JSON + "Content-Length: 2\r\n\r\n{}");

        assertThat(answer.statusLine()).startsWith("HTTP/1.0 202");
        assertThat(events()).hasSize(before + 1);
    }

    @Test
    void anAbsoluteFormTargetIsServedWhenItsHostIsTheHostHeadersAndRefusedWhenNot() throws IOException {
        int before = events().size();
        String target = "POST http://127.0.0.1:" + port + "/hooks/plain HTTP/1.1\r\n";
        String body = JSON + "Content-Length: 2\r\n\r\n{}";

        RawExchange same = RawExchange.send(port, target + "Host: 127.0.0.1:" + port + "\r\n" + body);
        RawExchange other = RawExchange.send(port, target + "Host: elsewhere.example\r\n" + body);

        assertThat(same.status()).isEqualTo(202);
        assertThat(other.status()).as("two hosts for one request: which one a proxy read is unknowable").isEqualTo(400);
        assertThat(events()).as("the first stored, the second not").hasSize(before + 1);
    }

    @Test
    void pipelinedRequestsAreEachAnsweredInTurnAndStoredOnce() throws IOException {
        int before = events().size();
        StringBuilder requests = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            String body = "{\"n\":" + i + "}";
            requests.append(post("/hooks/plain", JSON + "Content-Length: " + body.length() + "\r\n")).append(body);
        }
        requests.append("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

        List<RawExchange> answers = RawExchange.sendAll(port, requests.toString().getBytes(StandardCharsets.US_ASCII), 6);

        List<Integer> statuses = new ArrayList<>();
        answers.forEach(answer -> statuses.add(answer.status()));
        assertThat(statuses).containsExactly(202, 202, 202, 202, 202, 200);
        assertThat(events()).hasSize(before + 5);
    }

    private static String post(String path, String headers) {
        return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n";
    }

    private List<JsonNode> events() {
        List<JsonNode> events = new ArrayList<>();
        api.get("/api/v1/events?source=plain&limit=500").json().path("data").forEach(events::add);
        return events;
    }

    private JsonNode storedHeaders(RawExchange answer) {
        String eventId = Json.parse(answer.body()).path("event_id").asText();
        return api.get("/api/v1/events/" + eventId).json().path("headers");
    }
}
