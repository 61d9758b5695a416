package io.hookrelay.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class TargetCommandsTest {
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
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
    void add_sends_every_setting_and_shows_the_secret_once_with_a_note() {
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
    void add_leaves_out_what_was_not_given_so_the_server_generates_a_secret_and_applies_its_defaults() {
        api.answers(201, AUDIT.replace("\"paused\":true}", "\"paused\":false,\"secret\":\"" + SECRET + "\"}"));

        assertThat(Cli.run(environment, "target", "add", "audit", "https://audit.example/in").exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/targets", "{\"id\":\"audit\",\"url\":\"https://audit.example/in\"}");
    }

    @Test
    void a_schedule_of_none_asks_for_no_retries() {
        api.answers(201, AUDIT);

        assertThat(Cli.run(environment, "target", "add", "audit", "https://audit.example/in", "--retry-schedule", "none")
                .exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/targets", """
                {"id":"audit","url":"https://audit.example/in","retry_schedule_s":[]}""");
    }

    @Test
    void a_schedule_that_is_not_a_list_of_waits_is_a_usage_error() {
        Cli.Result result = Cli.run(environment, "target", "add", "audit", "https://audit.example/in", "--retry-schedule", "5,-1");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Invalid value for option '--retry-schedule': '5,-1' is not a "
                + "list of waits such as 5s,5m,30m,2h,1d (or none) (see 'hookrelay target add --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void add_with_json_prints_the_answer_with_its_secret_as_it_is() {
        String answer = BILLING.replace("\"paused\":false}", "\"paused\":false,\"secret\":\"" + SECRET + "\"}");
        api.answers(201, answer);

        Cli.Result result = Cli.run(environment, "target", "add", "billing", "http://127.0.0.1:9000/hook", "--json");

        assertThat(result.out()).isEqualTo(answer + "\n");
    }

    @Test
    void list_prints_an_aligned_table() {
        api.answers(200, "{\"data\":[" + BILLING + "," + AUDIT + "]}");

        Cli.Result result = Cli.run(environment, "target", "list");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/targets", null);
        assertThat(result.out()).isEqualTo("""
                ID       URL                         PAUSED  TIMEOUT MS  RETRY SCHEDULE  MAX IN FLIGHT  ORDERING  BLOCKED BY
                billing  http://127.0.0.1:9000/hook  no      5000        5s,5m,2h,1d     4              fifo      dlv_01JQ4Z0000000000000000000A
                audit    https://audit.example/in    yes     15000       none            10             none      -
                """);
    }

    @Test
    void an_empty_list_says_so() {
        api.answers(200, "{\"data\":[]}");

        assertThat(Cli.run(environment, "target", "list").out()).isEqualTo("no targets\n");
    }

    @Test
    void show_gets_one_target() {
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
    void show_names_the_delivery_a_fifo_target_waits_for() {
        api.answers(200, BILLING);

        assertThat(Cli.run(environment, "target", "show", "billing").out()).contains("""
                ordering        fifo
                blocked by      dlv_01JQ4Z0000000000000000000A (pending, 3 attempts, next 2026-12-02T10:00:05Z: http 500)
                """);
    }

    @Test
    void an_ordering_the_server_refuses_is_a_one_line_error() {
        api.answers(400, "{\"error\":\"invalid_request\",\"message\":\"ordering must be none or fifo\"}");

        Cli.Result result = Cli.run(environment, "target", "add", "billing", "http://127.0.0.1:9000/hook", "--ordering", "lifo");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("hookrelay: ordering must be none or fifo (invalid_request)\n");
    }

    @Test
    void rotate_secret_sends_the_grace_in_seconds_and_prints_the_new_secret_once() {
        api.answers(200, BILLING.replace("\"paused\":false}", "\"paused\":false,\"secret\":\"" + SECRET
                + "\",\"previous_secret_until\":\"2026-12-02T10:00:00Z\"}"));

        Cli.Result result = Cli.run(environment, "target", "rotate-secret", "billing", "--grace", "2h");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/targets/billing/rotate-secret", "{\"grace_s\":7200}");
        assertThat(result.out()).contains("old secret until  2026-12-02T10:00:00Z\n").contains("secret            " + SECRET + "\n")
                .contains("The secret is shown only this once");
    }

    @Test
    void rotate_secret_without_options_sends_nothing_but_the_request() {
        api.answers(200, BILLING);

        assertThat(Cli.run(environment, "target", "rotate-secret", "billing", "--signature", "v1a").exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/targets/billing/rotate-secret", "{\"signature\":\"v1a\"}");
    }

    @Test
    void rm_deletes_the_target() {
        api.answers(204, "");

        Cli.Result result = Cli.run(environment, "target", "rm", "billing");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("DELETE", "/api/v1/targets/billing", null);
        assertThat(result.out()).isEqualTo("deleted target billing and its routes; its open deliveries are cancelled\n");
    }

    @Test
    void pause_posts_to_the_pause_action() {
        api.answers(200, BILLING.replace("\"paused\":false", "\"paused\":true"));

        Cli.Result result = Cli.run(environment, "target", "pause", "billing");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/targets/billing/pause", null);
        assertThat(result.out()).isEqualTo("paused target billing; its deliveries wait until it is resumed\n");
    }

    @Test
    void resume_posts_to_the_resume_action() {
        api.answers(200, BILLING);

        Cli.Result result = Cli.run(environment, "target", "resume", "billing");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/targets/billing/resume", null);
        assertThat(result.out()).isEqualTo("resumed target billing\n");
    }

    @Test
    void pause_with_json_prints_the_target_as_the_server_answered_it() {
        api.answers(200, AUDIT);

        assertThat(Cli.run(environment, "target", "pause", "audit", "--json").out()).isEqualTo(AUDIT + "\n");
    }
}
