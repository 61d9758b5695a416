package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class EventCommandsTest {
    private static final String EVENT_ID = "evt_01HZY3M8Q6W1V4T2N8K5J7C9XA";
    private static final String PUSH = """
            {"id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9XA","source":"github","event_type":"push",\
            "received_at":"2024-05-01T12:00:00.123Z","content_type":"application/json","body_bytes":11}""";
    private static final String UNTYPED = """
            {"id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9X9","source":"plain","event_type":null,\
            "received_at":"2024-05-01T11:59:59.000Z","content_type":null,"body_bytes":0}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    EventCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void listSendsTheFiltersAsQueryParametersAndTellsHowToGetTheNextPage() {
        api.answers(200, "{\"data\":[" + PUSH + "," + UNTYPED + "],\"next_cursor\":\"ZXZ0XzAx\"}");

        Cli.Result result = Cli.run(environment, "events", "list", "--source", "github", "--limit", "2", "--cursor", "ZXZ0XzAy");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/events?source=github&limit=2&cursor=ZXZ0XzAy", null);
        assertThat(result.out()).isEqualTo("""
                ID                              SOURCE  EVENT TYPE  RECEIVED AT               BODY BYTES
                evt_01HZY3M8Q6W1V4T2N8K5J7C9XA  github  push        2024-05-01T12:00:00.123Z  11
                evt_01HZY3M8Q6W1V4T2N8K5J7C9X9  plain   -           2024-05-01T11:59:59.000Z  0
                next page: --cursor ZXZ0XzAx
                """);
    }

    @Test
    void listWithoutOptionsSendsNoQueryAndTheLastPageHasNoCursorLine() {
        api.answers(200, "{\"data\":[],\"next_cursor\":null}");

        Cli.Result result = Cli.run(environment, "events", "list");

        api.assertOnlyRequest("GET", "/api/v1/events", null);
        assertThat(result.out()).isEqualTo("no events\n");
    }

    @Test
    void queryValuesArePercentEncoded() {
        api.answers(200, "{\"data\":[],\"next_cursor\":null}");

        Cli.run(environment, "events", "list", "--source", "a&b=c d", "--cursor", "x/y+z");

        api.assertOnlyRequest("GET", "/api/v1/events?source=a%26b%3Dc%20d&cursor=x%2Fy%2Bz", null);
    }

    @Test
    void showPrintsTheMetadataTheHeadersTheTextBodyAndTheDeliveries() {
        api.answers(200, event("{\"ref\":\"main\"}", """
                [{"id":"dlv_01HZY3M8Q6W1V4T2N8K5J7C9XA","target":"billing","state":"completed"},
                 {"id":"dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB","target":"audit","state":"pending"}]"""));

        Cli.Result result = Cli.run(environment, "events", "show", EVENT_ID);

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/events/" + EVENT_ID, null);
        assertThat(result.out()).isEqualTo("""
                id            evt_01HZY3M8Q6W1V4T2N8K5J7C9XA
                source        github
                event type    push
                received at   2024-05-01T12:00:00.123Z
                content type  application/json
                body bytes    14

                headers:
                  content-type: application/json
                  x-github-event: push

                body:
                {"ref":"main"}

                DELIVERY                        TARGET   STATE
                dlv_01HZY3M8Q6W1V4T2N8K5J7C9XA  billing  completed
                dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB  audit    pending
                """);
    }

    @Test
    void showNeverPrintsABinaryBodyOrControlCharactersToTheTerminal() {
        String notUtf8 = Base64.getEncoder().encodeToString(new byte[] {(byte) 0xff, 0, 1});
        String answer = event("", "[]")
                .replace("\"body_base64\":\"\"", "\"body_base64\":\"" + notUtf8 + "\"")
                .replace("\"x-github-event\":\"push\"", "\"x-evil\":\"\\u001b]0;owned\\u0007\"");
        api.answers(200, answer);

        Cli.Result result = Cli.run(environment, "events", "show", EVENT_ID);

        assertThat(result.out())
                .contains("  x-evil: ?]0;owned?\n")
                .contains("body:\n(3 bytes that are not UTF-8 text; --json shows them as body_base64)\n")
                .endsWith("\nno deliveries\n")
                .doesNotContain("\u001b");
    }

    @Test
    void replayPostsToTheReplayActionAndListsTheNewDeliveries() {
        api.answers(202, """
                {"event_id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9XA",
                 "deliveries":[{"id":"dlv_01HZY3M8Q6W1V4T2N8K5J7C9XC","target":"billing","state":"pending"}]}""");

        Cli.Result result = Cli.run(environment, "events", "replay", EVENT_ID);

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/events/" + EVENT_ID + "/replay", null);
        assertThat(result.out()).isEqualTo("""
                replayed event evt_01HZY3M8Q6W1V4T2N8K5J7C9XA: 1 new delivery
                DELIVERY                        TARGET   STATE
                dlv_01HZY3M8Q6W1V4T2N8K5J7C9XC  billing  pending
                """);
    }

    @Test
    void aReplayThatMatchesNoRouteSaysSo() {
        api.answers(202, "{\"event_id\":\"" + EVENT_ID + "\",\"deliveries\":[]}");

        Cli.Result result = Cli.run(environment, "events", "replay", EVENT_ID);

        assertThat(result.out()).isEqualTo("""
                replayed event evt_01HZY3M8Q6W1V4T2N8K5J7C9XA: 0 new deliveries
                no route of its source matches it now
                """);
    }

    private static String event(String body, String deliveries) {
        return """
                {"id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9XA","source":"github","event_type":"push",
                 "received_at":"2024-05-01T12:00:00.123Z","content_type":"application/json",
                 "headers":{"content-type":"application/json","x-github-event":"push"},
                 "body_base64":"%s","deliveries":%s}"""
                .formatted(Base64.getEncoder().encodeToString(body.getBytes(StandardCharsets.UTF_8)), deliveries);
    }
}
