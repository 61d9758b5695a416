package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class OperatorEventCommandsTest {
    private static final String PAUSED = """
            {"id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9XB","type":"target.paused","timestamp":"2024-05-01T12:00:01.000Z",\
            "data":{"target_id":"erp","reason":"auto_pause"},\
            "deliveries":[{"id":"dlv_01HZY3M8Q6W1V4T2N8K5J7C9XB","target":"ops","state":"completed"}]}""";
    private static final String FAILED = """
            {"id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9XA","type":"delivery.failed","timestamp":"2024-05-01T12:00:00.000Z",\
            "data":{"target_id":"erp","delivery_id":"dlv_01HZY3M8Q6W1V4T2N8K5J7C9X1","event_id":"evt_01HZY3M8Q6W1V4T2N8K5J7C9X1",\
            "attempts":1,"error":"HTTP 500"},"deliveries":[]}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    OperatorEventCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void listPrintsWhatEachEventIsAboutAndWhetherItWasSent() {
        api.answers(200, "{\"data\":[" + PAUSED + "," + FAILED + "],\"next_cursor\":null}");

        Cli.Result result = Cli.run(environment, "operator-events", "list", "--type", "target.paused", "--limit", "2");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/operator-events?type=target%2Epaused&limit=2", null);
        assertThat(result.out()).isEqualTo("""
                ID                              TYPE             TARGET  AT                        DETAIL                                    SENT
                evt_01HZY3M8Q6W1V4T2N8K5J7C9XB  target.paused    erp     2024-05-01T12:00:01.000Z  auto_pause                                completed
                evt_01HZY3M8Q6W1V4T2N8K5J7C9XA  delivery.failed  erp     2024-05-01T12:00:00.000Z  dlv_01HZY3M8Q6W1V4T2N8K5J7C9X1: HTTP 500  -
                """);
    }

    @Test
    void anEmptyListSaysSo() {
        api.answers(200, "{\"data\":[],\"next_cursor\":null}");

        assertThat(Cli.run(environment, "operator-events", "list").out()).isEqualTo("no operator events\n");
        api.assertOnlyRequest("GET", "/api/v1/operator-events", null);
    }
}
