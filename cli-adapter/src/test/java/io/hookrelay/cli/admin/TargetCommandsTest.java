package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class TargetCommandsTest {
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String PRIVATE_KEY = "whsk_nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=";
    private static final String BLOCKED_BY = """
            {"delivery_id":"dlv_01JQ4Z0000000000000000000A","event_id":"evt_01JQ4Z0000000000000000000B","state":"pending",\
            "attempts":3,"next_at":"2026-12-02T10:00:05Z","last_error":"http 500"}""";
    private static final String BILLING = """
            {"id":"billing","url":"http://127.0.0.1:9000/hook","timeout_ms":5000,"retry_schedule_s":[5,300,7200,86400],\
            "max_in_flight":4,"signature":"v1","ordering":"fifo","blocked_by":%s,"paused":false}""".formatted(BLOCKED_BY);
    private static final String AUDIT = """
            {"id":"audit","url":"https://audit.example/in","timeout_ms":15000,"retry_schedule_s":[],\
            "max_in_flight":10,"rate_limit_per_s":2.5,"signature":"v1a","public_key":"whpk_11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=",\
            "ordering":"none","blocked_by":null,"paused":true}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    TargetCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void addSendsEverySettingAndShowsTheSecretOnceWithANote() {
        api.answers(201, BILLING.replace(BLOCKED_BY, "null").replace("\"paused\":false}", "\"paused\":false,\"secret\":\"" + SECRET + "\"}"));

        Cli.Result result = Cli.run(environment, "target", "add", "billing", "http://127.0.0.1:9000/hook", "--secret", SECRET,
                "--timeout-ms", "5000", "--retry-schedule", "5,5m,2h,1d", "--max-in-flight", "4", "--rate-limit-per-s", "0.5",
                "--ordering", "fifo");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/targets", """
                {"id":"billing","url":"http://127.0.0.1:9000/hook","secret":"%s","timeout_ms":5000,
                 "retry_schedule_s":[5,300,7200,86400],"max_in_flight":4,"rate_limit_per_s":0.5,"ordering":"fifo"}""".formatted(SECRET));
        assertThat(result.out()).isEqualTo("""
                id              billing
                url             http://127.0.0.1:9000/hook
                paused          no
                timeout ms      5000
                retry schedule  5s,5m,2h,1d
                max in flight   4
                rate limit      none
                signature       v1
                ordering        fifo
                secret          %s

                The secret is shown only this once: store it now. Receivers check each delivery's webhook-signature header with it.
                """.formatted(SECRET));
    }

    @Test
    void addLeavesOutWhatWasNotGivenSoTheServerGeneratesASecretAndAppliesItsDefaults() {
        api.answers(201, AUDIT.replace("\"paused\":true}", "\"paused\":false,\"secret\":\"" + SECRET + "\"}"));

        assertThat(Cli.run(environment, "target", "add", "audit", "https://audit.example/in").exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/targets", "{\"id\":\"audit\",\"url\":\"https://audit.example/in\"}");
    }

    @Test
    void aScheduleOfNoneAsksForNoRetries() {
        api.answers(201, AUDIT);

        assertThat(Cli.run(environment, "target", "add", "audit", "https://audit.example/in", "--retry-schedule", "none")
                .exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/targets", """
                {"id":"audit","url":"https://audit.example/in","retry_schedule_s":[]}""");
    }

    @Test
    void aScheduleThatIsNotAListOfWaitsIsAUsageError() {
        Cli.Result result = Cli.run(environment, "target", "add", "audit", "https://audit.example/in", "--retry-schedule", "5,-1");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Invalid value for option '--retry-schedule': '5,-1' is not a "
                + "list of waits such as 5s,5m,30m,2h,1d (or none) (see 'hookrelay target add --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void addWithJsonPrintsTheAnswerWithItsSecretAsItIs() {
        String answer = BILLING.replace("\"paused\":false}", "\"paused\":false,\"secret\":\"" + SECRET + "\"}");
        api.answers(201, answer);

        Cli.Result result = Cli.run(environment, "target", "add", "billing", "http://127.0.0.1:9000/hook", "--json");

        assertThat(result.out()).isEqualTo(answer + "\n");
    }

    @Test
    void addOfAV1aTargetSaysReceiversVerifyWithThePublicKeyNotTheSecret() {
        api.answers(201, AUDIT.replace("\"paused\":true}", "\"paused\":false,\"secret\":\"" + PRIVATE_KEY + "\"}"));

        Cli.Result result = Cli.run(environment, "target", "add", "audit", "https://audit.example/in", "--signature", "v1a");

        api.assertOnlyRequest("POST", "/api/v1/targets", """
                {"id":"audit","url":"https://audit.example/in","signature":"v1a"}""");
        assertThat(result.out()).endsWith("""
                public key      whpk_11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=
                secret          %s

                The secret is shown only this once: store it now. It is the private key, for hookrelay alone: receivers \
                check each delivery's webhook-signature header with the public key above.
                """.formatted(PRIVATE_KEY));
    }

    @Test
    void updatePutsTheTargetBackAsItIsWithOnlyTheOptionsGivenChanged() {
        api.answers(200, AUDIT);

        Cli.Result result = Cli.run(environment, "target", "update", "audit", "--target-url", "https://audit.example/v2",
                "--timeout-ms", "4000", "--ordering", "fifo");

        assertThat(result.exitCode()).isZero();
        api.assertGetThenPut("/api/v1/targets/audit", """
                {"id":"audit","url":"https://audit.example/v2","timeout_ms":4000,"retry_schedule_s":[],"max_in_flight":10,
                 "rate_limit_per_s":2.5,"ordering":"fifo"}""");
        assertThat(result.out()).startsWith("id              audit\n").doesNotContain("secret");
    }

    @Test
    void updateSendsEverySettingItIsGiven() {
        api.answers(200, BILLING);

        assertThat(Cli.run(environment, "target", "update", "billing", "--retry-schedule", "none", "--max-in-flight", "1",
                "--rate-limit-per-s", "0.5", "--ordering", "none").exitCode()).isZero();

        api.assertGetThenPut("/api/v1/targets/billing", """
                {"id":"billing","url":"http://127.0.0.1:9000/hook","timeout_ms":5000,"retry_schedule_s":[],"max_in_flight":1,
                 "rate_limit_per_s":0.5,"ordering":"none"}""");
    }

    @Test
    void noRateLimitLeavesTheLimitOutSoTheTargetHasNone() {
        api.answers(200, AUDIT);

        assertThat(Cli.run(environment, "target", "update", "audit", "--no-rate-limit").exitCode()).isZero();

        api.assertGetThenPut("/api/v1/targets/audit", """
                {"id":"audit","url":"https://audit.example/in","timeout_ms":15000,"retry_schedule_s":[],"max_in_flight":10,
                 "ordering":"none"}""");
    }

    @Test
    void aRateLimitAndNoRateLimitTogetherAreAUsageErrorAndSendNothing() {
        Cli.Result result = Cli.run(environment, "target", "update", "audit", "--rate-limit-per-s", "5", "--no-rate-limit");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("hookrelay: ").contains("mutually exclusive")
                .endsWith("(see 'hookrelay target update --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void updateWithASecretSendsItWithTheSchemeAndSaysTheOldOneNoLongerSigns() {
        api.answers(200, AUDIT);

        Cli.Result result = Cli.run(environment, "target", "update", "audit", "--secret", PRIVATE_KEY, "--signature", "v1a");

        api.assertGetThenPut("/api/v1/targets/audit", """
                {"id":"audit","url":"https://audit.example/in","secret":"%s","timeout_ms":15000,"retry_schedule_s":[],
                 "max_in_flight":10,"rate_limit_per_s":2.5,"signature":"v1a","ordering":"none"}""".formatted(PRIVATE_KEY));
        assertThat(result.out()).doesNotContain(PRIVATE_KEY).endsWith("""

                The secret given signs from now on, and the old one no longer does (rotate-secret keeps it signing for a \
                while). It is the private key, for hookrelay alone: receivers check each delivery's webhook-signature header \
                with the public key above.
                """);
    }

    @Test
    void anUpdateOfATargetTheServerDoesNotKnowIsOneLineAndPutsNothing() {
        api.answers(404, "{\"error\":\"not_found\",\"message\":\"no target gone\"}");

        Cli.Result result = Cli.run(environment, "target", "update", "gone", "--timeout-ms", "1000");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("hookrelay: no target gone (not_found)\n");
        api.assertOnlyRequest("GET", "/api/v1/targets/gone", null);
    }

    @Test
    void updateWithJsonPrintsTheAnswerToThePutAsItIs() {
        api.answers(200, AUDIT);

        assertThat(Cli.run(environment, "target", "update", "audit", "--max-in-flight", "3", "--json").out()).isEqualTo(AUDIT + "\n");
    }

    @Test
    void aRequestBodyNeverShowsItsSecret() {
        assertThat(new TargetBody("audit", "https://audit.example/in", PRIVATE_KEY, null, null, null, null, "v1a", null))
                .asString().doesNotContain(PRIVATE_KEY).contains("(hidden)");
    }

    @Test
    void listPrintsAnAlignedTable() {
        api.answers(200, "{\"data\":[" + BILLING + "," + AUDIT + "]}");

        Cli.Result result = Cli.run(environment, "target", "list");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/targets", null);
        assertThat(result.out()).isEqualTo("""
                ID       URL                         PAUSED  TIMEOUT MS  RETRY SCHEDULE  MAX IN FLIGHT  RATE LIMIT  SIGNATURE  ORDERING  BLOCKED BY
                billing  http://127.0.0.1:9000/hook  no      5000        5s,5m,2h,1d     4              none        v1         fifo      dlv_01JQ4Z0000000000000000000A
                audit    https://audit.example/in    yes     15000       none            10             2.5/s       v1a        none      -
                """);
    }

    @Test
    void anEmptyListSaysSo() {
        api.answers(200, "{\"data\":[]}");

        assertThat(Cli.run(environment, "target", "list").out()).isEqualTo("no targets\n");
    }

    @Test
    void showGetsOneTarget() {
        api.answers(200, AUDIT);

        Cli.Result result = Cli.run(environment, "target", "show", "audit");

        api.assertOnlyRequest("GET", "/api/v1/targets/audit", null);
        assertThat(result.out()).isEqualTo("""
                id              audit
                url             https://audit.example/in
                paused          yes
                timeout ms      15000
                retry schedule  none
                max in flight   10
                rate limit      2.5/s
                signature       v1a
                ordering        none
                public key      whpk_11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=
                """);
    }

    @Test
    void showNamesTheDeliveryAFifoTargetWaitsFor() {
        api.answers(200, BILLING);

        assertThat(Cli.run(environment, "target", "show", "billing").out()).contains("""
                ordering        fifo
                blocked by      dlv_01JQ4Z0000000000000000000A (pending, 3 attempts, next 2026-12-02T10:00:05Z: http 500)
                """);
    }

    @Test
    void anOrderingTheServerRefusesIsAOneLineError() {
        api.answers(400, "{\"error\":\"invalid_request\",\"message\":\"ordering must be none or fifo\"}");

        Cli.Result result = Cli.run(environment, "target", "add", "billing", "http://127.0.0.1:9000/hook", "--ordering", "lifo");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("hookrelay: ordering must be none or fifo (invalid_request)\n");
    }

    @Test
    void rotateSecretSendsTheGraceInSecondsAndPrintsTheNewSecretOnce() {
        api.answers(200, BILLING.replace("\"paused\":false}", "\"paused\":false,\"secret\":\"" + SECRET
                + "\",\"previous_secret_until\":\"2026-12-02T10:00:00Z\"}"));

        Cli.Result result = Cli.run(environment, "target", "rotate-secret", "billing", "--grace", "2h");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/targets/billing/rotate-secret", "{\"grace_s\":7200}");
        assertThat(result.out()).contains("old secret until  2026-12-02T10:00:00Z\n").contains("secret            " + SECRET + "\n")
                .endsWith("""
                        The secret is shown only this once: store it now. Receivers check each delivery's webhook-signature header with it.
                        Until 2026-12-02T10:00:00Z deliveries are signed under the old secret too: give receivers the new secret before then.
                        """);
    }

    @Test
    void rotateSecretWithoutGraceToV1aSaysReceiversNeedTheNewPublicKeyNow() {
        api.answers(200, AUDIT.replace("\"paused\":true}", "\"paused\":true,\"secret\":\"" + PRIVATE_KEY + "\"}"));

        Cli.Result result = Cli.run(environment, "target", "rotate-secret", "audit", "--grace", "0", "--signature", "v1a");

        api.assertOnlyRequest("POST", "/api/v1/targets/audit/rotate-secret", "{\"grace_s\":0,\"signature\":\"v1a\"}");
        assertThat(result.out()).contains("with the public key above.\n")
                .endsWith("The old secret no longer signs: receivers need the new public key now.\n");
    }

    @Test
    void rotateSecretWithoutOptionsSendsNothingButTheRequest() {
        api.answers(200, BILLING);

        assertThat(Cli.run(environment, "target", "rotate-secret", "billing", "--signature", "v1a").exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/targets/billing/rotate-secret", "{\"signature\":\"v1a\"}");
    }

    @Test
    void rmDeletesTheTarget() {
        api.answers(204, "");

        Cli.Result result = Cli.run(environment, "target", "rm", "billing");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("DELETE", "/api/v1/targets/billing", null);
        assertThat(result.out()).isEqualTo("deleted target billing and its routes; its open deliveries are cancelled\n");
    }

    @Test
    void pausePostsToThePauseAction() {
        api.answers(200, BILLING.replace("\"paused\":false", "\"paused\":true"));

        Cli.Result result = Cli.run(environment, "target", "pause", "billing");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/targets/billing/pause", null);
        assertThat(result.out()).isEqualTo("paused target billing; its deliveries wait until it is resumed\n");
    }

    @Test
    void resumePostsToTheResumeAction() {
        api.answers(200, BILLING);

        Cli.Result result = Cli.run(environment, "target", "resume", "billing");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/targets/billing/resume", null);
        assertThat(result.out()).isEqualTo("resumed target billing\n");
    }

    @Test
    void pauseWithJsonPrintsTheTargetAsTheServerAnsweredIt() {
        api.answers(200, AUDIT);

        assertThat(Cli.run(environment, "target", "pause", "audit", "--json").out()).isEqualTo(AUDIT + "\n");
    }
}
