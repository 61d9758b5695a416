package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class AuditCommandsTest {
    private static final String PAUSED = """
            {"id":"aud_01HZY3M8Q6W1V4T2N8K5J7C9XB","at":"2026-12-07T10:00:01.000Z","actor":"key_01HZY3M8Q6W1V4T2N8K5J7C9XA",\
            "tenant":"acme","action":"target.pause","resource":{"type":"target","id":"ci"}}""";
    private static final String SETTINGS = """
            {"id":"aud_01HZY3M8Q6W1V4T2N8K5J7C9XA","at":"2026-12-07T10:00:00.000Z","actor":"operator",\
            "tenant":"default","action":"settings.update","resource":{"type":"settings","id":null}}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    AuditCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void listPrintsWhoChangedWhatNewestFirstAndHowToPageOn() {
        api.answers(200, "{\"data\":[" + PAUSED + "," + SETTINGS + "],\"next_cursor\":\"YXVk\"}");

        Cli.Result result = Cli.run(environment, "audit", "list", "--limit", "2");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/audit?limit=2", null);
        assertThat(result.out()).isEqualTo("""
                AT                        ACTOR                           TENANT   ACTION           RESOURCE
                2026-12-07T10:00:01.000Z  key_01HZY3M8Q6W1V4T2N8K5J7C9XA  acme     target.pause     ci
                2026-12-07T10:00:00.000Z  operator                        default  settings.update  settings
                next page: --cursor YXVk
                """);
    }

    @Test
    void theTenantGivenNarrowsTheLogToItsChanges() {
        api.answers(200, "{\"data\":[],\"next_cursor\":null}");

        Cli.Result result = Cli.run(environment, "audit", "list", "--tenant", "acme");

        assertThat(result.out()).isEqualTo("no changes\n");
        api.assertOnlyRequest("GET", "/api/v1/audit?tenant=acme", null);
    }
}
