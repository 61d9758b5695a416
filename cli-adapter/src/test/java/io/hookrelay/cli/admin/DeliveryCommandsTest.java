package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class DeliveryCommandsTest {
    private static final String DELIVERY_ID = "dlv_01HZY3M8Q6W1V4T2N8K5J7C9XA";
    private static final String FAILED = """
            {"id":"dlv_01HZY3M8Q6W1V4T2N8K5J7C9XA","event_id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9XA","target":"billing",\
            "state":"failed","attempts":10,"next_at":null,\
            "last_error":"http_5xx: receiver answered 500 with a body that goes on for far longer than a table row can show",\
            "created_at":"2024-05-01T12:00:00.123Z","updated_at":"2024-05-02T12:00:00.456Z"}""";
    private static final String PENDING = """
            {"id":"dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB","event_id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9XA","target":"audit",\
            "state":"pending","attempts":0,"next_at":"2024-05-01T12:00:00.123Z","last_error":null,\
            "created_at":"2024-05-01T12:00:00.123Z","updated_at":"2024-05-01T12:00:00.123Z"}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    DeliveryCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void listSendsEveryFilterAndShortensLongErrors() {
        api.answers(200, "{\"data\":[" + FAILED + "," + PENDING + "],\"next_cursor\":null}");

        Cli.Result result = Cli.run(environment, "deliveries", "list", "--state", "failed", "--target", "billing",
                "--event", "evt_01HZY3M8Q6W1V4T2N8K5J7C9XA", "--limit", "10", "--cursor", "ZGx2");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET",
                "/api/v1/deliveries?state=failed&target=billing&event=evt_01HZY3M8Q6W1V4T2N8K5J7C9XA&limit=10&cursor=ZGx2", null);
        assertThat(result.out()).isEqualTo("""
                ID                              EVENT                           TARGET   STATE    ATTEMPTS  NEXT AT                   LAST ERROR
                dlv_01HZY3M8Q6W1V4T2N8K5J7C9XA  evt_01HZY3M8Q6W1V4T2N8K5J7C9XA  billing  failed   10        -                         http_5xx: receiver answered 500 with a body that goes on fo…
                dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB  evt_01HZY3M8Q6W1V4T2N8K5J7C9XA  audit    pending  0         2024-05-01T12:00:00.123Z  -
                """);
    }

    @Test
    void anUnknownStateIsAUsageErrorThatListsTheStates() {
        Cli.Result result = Cli.run(environment, "deliveries", "list", "--state", "lost");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Invalid value for option '--state': 'lost' is not one of "
                + "pending, running, completed, failed, cancelled (see 'hookrelay deliveries list --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void anEmptyListSaysSo() {
        api.answers(200, "{\"data\":[],\"next_cursor\":null}");

        Cli.Result result = Cli.run(environment, "deliveries", "list");

        api.assertOnlyRequest("GET", "/api/v1/deliveries", null);
        assertThat(result.out()).isEqualTo("no deliveries\n");
    }

    @Test
    void showPrintsTheDeliveryAndItsAttemptLog() {
        api.answers(200, FAILED.replace("}", """
                ,"attempt_log":[
                 {"attempt":1,"outcome":"abandoned","started_at":"2024-05-01T12:00:00.200Z","duration_ms":30000,
                  "status_code":null,"error":"abandoned: the process running it stopped before writing an outcome",
                  "response_excerpt":null},
                 {"attempt":2,"outcome":"error","started_at":"2024-05-01T12:00:05.300Z","duration_ms":12,"status_code":500,
                  "error":"http_5xx: receiver answered 500","response_excerpt":"oops\\nline two"},
                 {"attempt":3,"outcome":"success","started_at":"2024-05-01T12:05:05.300Z","duration_ms":8,"status_code":200,
                  "error":null,"response_excerpt":"ok"}]}"""));

        Cli.Result result = Cli.run(environment, "deliveries", "show", DELIVERY_ID);

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/deliveries/" + DELIVERY_ID, null);
        assertThat(result.out()).isEqualTo("""
                id          dlv_01HZY3M8Q6W1V4T2N8K5J7C9XA
                event       evt_01HZY3M8Q6W1V4T2N8K5J7C9XA
                target      billing
                state       failed
                attempts    10
                next at     -
                last error  http_5xx: receiver answered 500 with a body that goes on for far longer than a table row can show
                created at  2024-05-01T12:00:00.123Z
                updated at  2024-05-02T12:00:00.456Z

                ATTEMPT  OUTCOME    STARTED AT                DURATION MS  STATUS  ERROR                                                         RESPONSE
                1        abandoned  2024-05-01T12:00:00.200Z  30000        -       abandoned: the process running it stopped before writing an…  -
                2        error      2024-05-01T12:00:05.300Z  12           500     http_5xx: receiver answered 500                               oops line two
                3        success    2024-05-01T12:05:05.300Z  8            200     -                                                             ok
                """);
    }

    @Test
    void showOfADeliveryNotTriedYetSaysSo() {
        api.answers(200, PENDING.replace("}", ",\"attempt_log\":[]}"));

        assertThat(Cli.run(environment, "deliveries", "show", "dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB").out()).endsWith("\n\nno attempts yet\n");
    }

    @Test
    void retryOfOneDeliveryPostsToItsRetryAction() {
        api.answers(200, PENDING.replace("XB\",\"event_id\"", "XA\",\"event_id\""));

        Cli.Result result = Cli.run(environment, "deliveries", "retry", DELIVERY_ID);

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/deliveries/" + DELIVERY_ID + "/retry", null);
        assertThat(result.out()).isEqualTo("delivery dlv_01HZY3M8Q6W1V4T2N8K5J7C9XA is now pending\n");
    }

    @Test
    void retryOfAllFailedDeliveriesSendsTheBulkRequestWithItsFilters() {
        api.answers(200, "{\"retried\":12}");

        Cli.Result result = Cli.run(environment, "deliveries", "retry", "--all-failed", "--target", "billing",
                "--since", "2024-05-01T14:00:00.250+02:00");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/deliveries/retry", """
                {"state":"failed","target":"billing","since":"2024-05-01T12:00:00.250Z"}""");
        assertThat(result.out()).isEqualTo("retried 12 failed deliveries\n");
    }

    @Test
    void retryOfAllFailedDeliveriesNeedsNoFilter() {
        api.answers(200, "{\"retried\":1}");

        Cli.Result result = Cli.run(environment, "deliveries", "retry", "--all-failed");

        api.assertOnlyRequest("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\"}");
        assertThat(result.out()).isEqualTo("retried 1 failed delivery\n");
    }

    @Test
    void retryTakesAnIdOrAllFailedDeliveriesAndFiltersOnlyWithTheLatter() {
        Cli.Result both = Cli.run(environment, "deliveries", "retry", DELIVERY_ID, "--all-failed");
        Cli.Result neither = Cli.run(environment, "deliveries", "retry");
        Cli.Result filterAlone = Cli.run(environment, "deliveries", "retry", "--target", "billing");

        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.errLines()).singleElement().asString().startsWith("hookrelay: ID and [--all-failed").contains("mutually exclusive");
        assertThat(neither.exitCode()).isEqualTo(2);
        assertThat(neither.errLines()).singleElement().asString().startsWith("hookrelay: Missing required argument");
        assertThat(filterAlone.exitCode()).isEqualTo(2);
        assertThat(filterAlone.errLines()).containsExactly(
                "hookrelay: Missing required argument(s): --all-failed (see 'hookrelay deliveries retry --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void aSinceThatIsNotATimeIsAUsageError() {
        Cli.Result result = Cli.run(environment, "deliveries", "retry", "--all-failed", "--since", "yesterday");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Invalid value for option '--since': 'yesterday' is not an "
                + "RFC 3339 time such as 2024-05-01T12:00:00Z (see 'hookrelay deliveries retry --help')");
    }

    @Test
    void cancelPostsToTheCancelAction() {
        api.answers(200, PENDING.replace("\"state\":\"pending\"", "\"state\":\"cancelled\""));

        Cli.Result result = Cli.run(environment, "deliveries", "cancel", "dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/deliveries/dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB/cancel", null);
        assertThat(result.out()).isEqualTo("delivery dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB is now cancelled\n");
    }

    @Test
    void retryWithJsonPrintsTheAnswerAsItIs() {
        api.answers(200, "{\"retried\":3}");

        assertThat(Cli.run(environment, "deliveries", "retry", "--all-failed", "--json").out()).isEqualTo("{\"retried\":3}\n");
    }
}
