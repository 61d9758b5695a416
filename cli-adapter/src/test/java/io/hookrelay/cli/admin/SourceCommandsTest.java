package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class SourceCommandsTest {
    private static final String GITHUB = """
            {"id":"github","verify":{"scheme":"hmac-sha256","header":"X-Hub-Signature-256","prefix":"sha256=","encoding":"hex"},\
            "idempotency_header":"X-GitHub-Delivery","event_type":{"header":"X-GitHub-Event"},"max_body_bytes":1048576,\
            "redact_headers":["x-tenant-secret","x-session"],"forward_headers":["x-github-event","x-github-delivery"]}""";
    private static final String STRIPE = """
            {"id":"stripe","verify":{"scheme":"stripe"},"idempotency_header":null,"event_type":{"json_pointer":"/type"},\
            "max_body_bytes":65536,"redact_headers":[]}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    SourceCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void addSendsEveryFieldItWasGiven() {
        api.answers(201, GITHUB);

        Cli.Result result = Cli.run(environment, "source", "add", "github", "--verify", "hmac-sha256", "--secret", "s3cret",
                "--signature-header", "X-Hub-Signature-256", "--signature-prefix", "sha256=", "--signature-encoding", "hex",
                "--idempotency-header", "X-GitHub-Delivery", "--event-type-header", "X-GitHub-Event", "--max-body-bytes", "1048576",
                "--redact-header", "X-Tenant-Secret", "--redact-header", "X-Session", "--forward-header", "X-GitHub-Event",
                "--forward-header", "X-GitHub-Delivery");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/sources", """
                {"id":"github","verify":{"scheme":"hmac-sha256","secret":"s3cret","header":"X-Hub-Signature-256",
                 "prefix":"sha256=","encoding":"hex"},"idempotency_header":"X-GitHub-Delivery",
                 "event_type":{"header":"X-GitHub-Event"},"max_body_bytes":1048576,
                 "redact_headers":["X-Tenant-Secret","X-Session"],"forward_headers":["X-GitHub-Event","X-GitHub-Delivery"]}""");
        assertThat(result.out()).isEqualTo("""
                id                  github
                verify              hmac-sha256
                signature header    X-Hub-Signature-256
                signature prefix    sha256=
                signature encoding  hex
                idempotency header  X-GitHub-Delivery
                event type          header X-GitHub-Event
                max body bytes      1048576
                redacted headers    x-tenant-secret, x-session
                forwarded headers   x-github-event, x-github-delivery
                """);
        assertThat(result.err()).isEmpty();
    }

    @Test
    void addSendsOnlyTheIdWhenNothingElseIsGivenSoTheServerAppliesItsDefaults() {
        api.answers(201, "{\"id\":\"plain\",\"verify\":{\"scheme\":\"none\"},\"event_type\":null,\"max_body_bytes\":1048576}");

        assertThat(Cli.run(environment, "source", "add", "plain").exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/sources", "{\"id\":\"plain\"}");
    }

    @Test
    void addReadsTheEventTypeFromAJsonPointer() {
        api.answers(201, STRIPE);

        assertThat(Cli.run(environment, "source", "add", "stripe", "--verify", "stripe", "--secret", "whsec_x",
                "--event-type-json-pointer", "/type").exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/sources", """
                {"id":"stripe","verify":{"scheme":"stripe","secret":"whsec_x"},"event_type":{"json_pointer":"/type"}}""");
    }

    @Test
    void addTakesTheIdempotencyKeyFromAJsonPointerAndShowsIt() {
        api.answers(201, """
                {"id":"stripe","verify":{"scheme":"none"},"idempotency_header":null,"event_type":{"json_pointer":"/type"},\
                "max_body_bytes":65536,"redact_headers":[],"idempotency_json_pointer":"/id"}""");

        Cli.Result result = Cli.run(environment, "source", "add", "stripe", "--idempotency-json-pointer", "/id",
                "--event-type-json-pointer", "/type");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/sources", """
                {"id":"stripe","event_type":{"json_pointer":"/type"},"idempotency_json_pointer":"/id"}""");
        assertThat(result.out()).isEqualTo("""
                id                 stripe
                verify             none
                idempotency key    json pointer /id
                event type         json pointer /type
                max body bytes     65536
                redacted headers   -
                forwarded headers  -
                """);
    }

    @Test
    void anIdempotencyHeaderAndPointerTogetherAreAUsageErrorAndSendNothing() {
        Cli.Result result = Cli.run(environment, "source", "add", "stripe", "--idempotency-header", "X-Id",
                "--idempotency-json-pointer", "/id");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("mutually exclusive");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void verificationSettingsWithoutASchemeAreAUsageErrorAndSendNothing() {
        Cli.Result result = Cli.run(environment, "source", "add", "github", "--secret", "s3cret");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly(
                "hookrelay: Missing required argument(s): --verify=SCHEME (see 'hookrelay source add --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void anUnknownSchemeIsAUsageErrorThatListsTheKnownOnes() {
        Cli.Result result = Cli.run(environment, "source", "add", "github", "--verify", "md5");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Invalid value for option '--verify': 'md5' is not one of "
                + "none, standard-webhooks, hmac-sha256, stripe (see 'hookrelay source add --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void anEventTypeComesFromAHeaderOrAPointerNotBoth() {
        Cli.Result result = Cli.run(environment, "source", "add", "github",
                "--event-type-header", "X-GitHub-Event", "--event-type-json-pointer", "/type");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("mutually exclusive");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void updatePutsTheSourceBackAsItIsWithOnlyTheOptionsGivenChanged() {
        api.answers(200, GITHUB);

        Cli.Result result = Cli.run(environment, "source", "update", "github", "--secret", "s3cret", "--forward-header",
                "X-Request-Id", "--forward-header", "X-GitHub-Event", "--idempotency-json-pointer", "/id");

        assertThat(result.exitCode()).isZero();
        api.assertGetThenPut("/api/v1/sources/github", """
                {"id":"github","verify":{"scheme":"hmac-sha256","secret":"s3cret","header":"X-Hub-Signature-256",
                 "prefix":"sha256=","encoding":"hex"},"event_type":{"header":"X-GitHub-Event"},"max_body_bytes":1048576,
                 "redact_headers":["x-tenant-secret","x-session"],"idempotency_json_pointer":"/id",
                 "forward_headers":["X-Request-Id","X-GitHub-Event"]}""");
        assertThat(result.out()).startsWith("id                  github\n").doesNotContain("s3cret");
    }

    @Test
    void updateClearsTheListsTheEventTypeAndTheIdempotencyKeyItIsToldTo() {
        api.answers(200, GITHUB);

        assertThat(Cli.run(environment, "source", "update", "github", "--verify", "none", "--no-forward-headers",
                "--no-redact-headers", "--no-event-type", "--default-idempotency-key", "--max-body-bytes", "2048").exitCode())
                .isZero();

        api.assertGetThenPut("/api/v1/sources/github", """
                {"id":"github","verify":{"scheme":"none"},"max_body_bytes":2048,"redact_headers":[],"forward_headers":[]}""");
    }

    @Test
    void aNewSchemeTakesOnlyTheSignatureSettingsGiven() {
        api.answers(200, STRIPE);

        assertThat(Cli.run(environment, "source", "update", "stripe", "--verify", "hmac-sha256", "--secret", "s3cret",
                "--signature-encoding", "base64").exitCode()).isZero();

        api.assertGetThenPut("/api/v1/sources/stripe", """
                {"id":"stripe","verify":{"scheme":"hmac-sha256","secret":"s3cret","encoding":"base64"},
                 "event_type":{"json_pointer":"/type"},"max_body_bytes":65536,"redact_headers":[],"forward_headers":[]}""");
    }

    @Test
    void anUpdateOfASourceThatVerifiesNeedsItsSecretAgainAndPutsNothingWithoutIt() {
        api.answers(200, GITHUB);

        Cli.Result result = Cli.run(environment, "source", "update", "github", "--max-body-bytes", "2048");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: source github verifies with hmac-sha256, whose secret the "
                + "server never shows: give it again with --secret, as an update sends the whole source");
        api.assertOnlyRequest("GET", "/api/v1/sources/github", null);
    }

    @Test
    void forwardHeadersAndNoForwardHeadersTogetherAreAUsageErrorAndSendNothing() {
        Cli.Result result = Cli.run(environment, "source", "update", "github", "--forward-header", "X-GitHub-Event",
                "--no-forward-headers");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().contains("mutually exclusive")
                .endsWith("(see 'hookrelay source update --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void aRequestBodyNeverShowsItsSecret() {
        assertThat(new SourceBody.VerifyBody("stripe", "whsec_x", null, null, null)).asString().doesNotContain("whsec_x");
    }

    @Test
    void listPrintsAnAlignedTable() {
        api.answers(200, "{\"data\":[" + GITHUB + "," + STRIPE + "]}");

        Cli.Result result = Cli.run(environment, "source", "list");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/sources", null);
        assertThat(result.out()).isEqualTo("""
                ID      VERIFY       EVENT TYPE             IDEMPOTENCY KEY    MAX BODY BYTES
                github  hmac-sha256  header X-GitHub-Event  X-GitHub-Delivery  1048576
                stripe  stripe       json pointer /type     -                  65536
                """);
    }

    @Test
    void anEmptyListSaysSo() {
        api.answers(200, "{\"data\":[]}");

        assertThat(Cli.run(environment, "source", "list").out()).isEqualTo("no sources\n");
    }

    @Test
    void listWithJsonPrintsTheAnswerAsItIs() {
        String answer = "{\"data\":[" + STRIPE + "]}";
        api.answers(200, answer);

        Cli.Result result = Cli.run(environment, "source", "list", "--json");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEqualTo(answer + "\n");
    }

    @Test
    void showGetsOneSourceAndLeavesOutSignatureSettingsItsSchemeHasNot() {
        api.answers(200, STRIPE);

        Cli.Result result = Cli.run(environment, "source", "show", "stripe");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/sources/stripe", null);
        assertThat(result.out()).isEqualTo("""
                id                  stripe
                verify              stripe
                idempotency header  -
                event type          json pointer /type
                max body bytes      65536
                redacted headers    -
                forwarded headers   -
                """);
    }

    @Test
    void rmDeletesTheSource() {
        api.answers(204, "");

        Cli.Result result = Cli.run(environment, "source", "rm", "github");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("DELETE", "/api/v1/sources/github", null);
        assertThat(result.out()).isEqualTo("deleted source github and its routes\n");
    }

    @Test
    void rmWithJsonPrintsNothingBecauseTheServerAnswersNothing() {
        api.answers(204, "");

        Cli.Result result = Cli.run(environment, "source", "rm", "github", "--json");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
    }
}
