package io.hookrelay.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class RouteCommandsTest {
    private static final String FILTERED = """
            {"id":"rte_01HZY3M8Q6W1V4T2N8K5J7C9XA","source":"github","target":"billing","event_types":["push","issues.*"]}""";
    private static final String EVERYTHING = """
            {"id":"rte_01HZY3M8Q6W1V4T2N8K5J7C9XB","source":"stripe","target":"audit","event_types":[]}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    RouteCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void add_sends_the_source_the_target_and_each_event_type_filter() {
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
                """);
    }

    @Test
    void add_without_filters_routes_every_event() {
        api.answers(201, EVERYTHING);

        Cli.Result result = Cli.run(environment, "route", "add", "--source", "stripe", "--target", "audit");

        api.assertOnlyRequest("POST", "/api/v1/routes", "{\"source\":\"stripe\",\"target\":\"audit\"}");
        assertThat(result.out()).endsWith("event types  (all)\n");
    }

    @Test
    void add_without_a_target_is_a_usage_error() {
        Cli.Result result = Cli.run(environment, "route", "add", "--source", "github");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly(
                "hookrelay: Missing required option: '--target=TARGET' (see 'hookrelay route add --help')");
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void list_prints_an_aligned_table() {
        api.answers(200, "{\"data\":[" + FILTERED + "," + EVERYTHING + "]}");

        Cli.Result result = Cli.run(environment, "route", "list");

        api.assertOnlyRequest("GET", "/api/v1/routes", null);
        assertThat(result.out()).isEqualTo("""
                ID                              SOURCE  TARGET   EVENT TYPES
                rte_01HZY3M8Q6W1V4T2N8K5J7C9XA  github  billing  push, issues.*
                rte_01HZY3M8Q6W1V4T2N8K5J7C9XB  stripe  audit    (all)
                """);
    }

    @Test
    void an_empty_list_says_so() {
        api.answers(200, "{\"data\":[]}");

        assertThat(Cli.run(environment, "route", "list").out()).isEqualTo("no routes\n");
    }

    @Test
    void rm_deletes_the_route() {
        api.answers(204, "");

        Cli.Result result = Cli.run(environment, "route", "rm", "rte_01HZY3M8Q6W1V4T2N8K5J7C9XA");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("DELETE", "/api/v1/routes/rte_01HZY3M8Q6W1V4T2N8K5J7C9XA", null);
        assertThat(result.out()).isEqualTo("deleted route rte_01HZY3M8Q6W1V4T2N8K5J7C9XA\n");
    }
}
