package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class RouteCommandsTest {
    private static final String FILTERED = """
            {"id":"rte_01HZY3M8Q6W1V4T2N8K5J7C9XA","source":"github","target":"billing","event_types":["push","issues.*"],
            "filters":[{"pointer":"/ref","prefix":"refs/heads/"},{"pointer":"/size","in":[1,"1"]}]}""";
    private static final String EVERYTHING = """
            {"id":"rte_01HZY3M8Q6W1V4T2N8K5J7C9XB","source":"stripe","target":"audit","event_types":[],"filters":[]}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    RouteCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void addSendsTheSourceTheTargetAndEachEventTypeFilter() {
        api.answers(201, FILTERED);

        Cli.Result result = Cli.run(environment, "route", "add", "--source", "github", "--target", "billing",
                "--event-type", "push", "--event-type", "issues.*");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/routes", """
                {"source":"github","target":"billing","event_types":["push","issues.*"]}""");
        assertThat(result.out()).isEqualTo("""
                id           rte_01HZY3M8Q6W1V4T2N8K5J7C9XA
                source       github
                target       billing
                event types  push, issues.*
                filters      /ref prefix "refs/heads/"; /size in [1,"1"]
                """);
    }

    @Test
    void addSendsEachPayloadFilterAsTheJsonObjectItWasGiven() {
        api.answers(201, FILTERED);

        Cli.Result result = Cli.run(environment, "route", "add", "--source", "github", "--target", "billing",
                "--filter", "{\"pointer\":\"/ref\",\"prefix\":\"refs/heads/\"}", "--filter", "{\"pointer\":\"/deleted\",\"equals\":null}");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/routes", """
                {"source":"github","target":"billing","filters":[{"pointer":"/ref","prefix":"refs/heads/"},\
                {"pointer":"/deleted","equals":null}]}""");
    }

    @Test
    void aFilterSNumbersAreSentExactlyAsWritten() {
        api.answers(201, FILTERED);

        Cli.Result result = Cli.run(environment, "route", "add", "--source", "github", "--target", "billing",
                "--filter", "{\"pointer\":\"/size\",\"in\":[1e400,1.00000000000000001]}");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/routes", """
                {"source":"github","target":"billing","filters":[{"pointer":"/size","in":[1E+400,1.00000000000000001]}]}""");
    }

    @Test
    void aFilterWithARepeatedNameOrTrailingTextIsAUsageError() {
        for (String filter : new String[] {"{\"pointer\":\"/a\",\"pointer\":\"/b\",\"exists\":true}", "{\"pointer\":\"/a\",\"exists\":true} x"}) {
            assertThat(Cli.run(environment, "route", "add", "--source", "github", "--target", "billing", "--filter", filter).exitCode())
                    .as(filter).isEqualTo(2);
        }
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void aFilterThatIsNotAJsonObjectIsAUsageErrorAndSendsNothing() {
        Cli.Result result = Cli.run(environment, "route", "add", "--source", "github", "--target", "billing", "--filter", "/ref=main");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).hasSize(1);
        assertThat(result.errLines().get(0)).contains("a filter is a JSON object");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void addWithoutFiltersRoutesEveryEvent() {
        api.answers(201, EVERYTHING);

        Cli.Result result = Cli.run(environment, "route", "add", "--source", "stripe", "--target", "audit");

        api.assertOnlyRequest("POST", "/api/v1/routes", "{\"source\":\"stripe\",\"target\":\"audit\"}");
        assertThat(result.out()).endsWith("event types  (all)\nfilters      (none)\n");
    }

    @Test
    void addWithoutATargetIsAUsageError() {
        Cli.Result result = Cli.run(environment, "route", "add", "--source", "github");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly(
                "hookrelay: Missing required option: '--target=TARGET' (see 'hookrelay route add --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void listPrintsAnAlignedTable() {
        api.answers(200, "{\"data\":[" + FILTERED + "," + EVERYTHING + "]}");

        Cli.Result result = Cli.run(environment, "route", "list");

        api.assertOnlyRequest("GET", "/api/v1/routes", null);
        assertThat(result.out()).isEqualTo("""
                ID                              SOURCE  TARGET   EVENT TYPES     FILTERS
                rte_01HZY3M8Q6W1V4T2N8K5J7C9XA  github  billing  push, issues.*  /ref prefix "refs/heads/"; /size in [1,"1"]
                rte_01HZY3M8Q6W1V4T2N8K5J7C9XB  stripe  audit    (all)           (none)
                """);
    }

    @Test
    void anEmptyListSaysSo() {
        api.answers(200, "{\"data\":[]}");

        assertThat(Cli.run(environment, "route", "list").out()).isEqualTo("no routes\n");
    }

    @Test
    void rmDeletesTheRoute() {
        api.answers(204, "");

        Cli.Result result = Cli.run(environment, "route", "rm", "rte_01HZY3M8Q6W1V4T2N8K5J7C9XA");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("DELETE", "/api/v1/routes/rte_01HZY3M8Q6W1V4T2N8K5J7C9XA", null);
        assertThat(result.out()).isEqualTo("deleted route rte_01HZY3M8Q6W1V4T2N8K5J7C9XA\n");
    }
}
