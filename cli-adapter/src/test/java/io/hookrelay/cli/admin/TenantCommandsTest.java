package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class TenantCommandsTest {
    private static final String ACME = """
            {"id":"acme","name":"Acme Corp","quotas":{"ingest_per_s":100,"max_in_flight":null,"max_sources":5,"max_targets":null},
             "suspended":false,"created_at":"2026-12-07T10:00:00Z"}""";

    private final FakeApi api;
    private final Map<String, String> environment;

    TenantCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void addPostsTheTenantWithTheQuotasGivenAndPrintsIt() {
        api.answers(201, ACME);

        Cli.Result result = Cli.run(environment, "tenant", "add", "acme", "--name", "Acme Corp", "--ingest-per-s", "100",
                "--max-sources", "5");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/tenants", """
                {"id":"acme","name":"Acme Corp","quotas":{"ingest_per_s":100,"max_in_flight":null,"max_sources":5,"max_targets":null}}""");
        assertThat(result.out()).isEqualTo("""
                id             acme
                name           Acme Corp
                suspended      false
                ingest per s   100
                max in flight  none
                max sources    5
                max targets    none
                created        2026-12-07T10:00:00Z
                """);
    }

    @Test
    void listAsksForThePageAndPrintsOneTenantARow() {
        api.answers(200, "{\"data\":[" + ACME + "],\"next_cursor\":\"YWNtZQ\"}");

        Cli.Result result = Cli.run(environment, "tenant", "list", "--limit", "1");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/tenants?limit=1", null);
        assertThat(result.out()).startsWith("ID    NAME       SUSPENDED  INGEST/S  IN FLIGHT  SOURCES  TARGETS\n"
                + "acme  Acme Corp  false      100       none       5        none\n").contains("YWNtZQ");
    }

    @Test
    void updatePutsTheTenantBackWithOnlyTheOptionsGivenChanged() {
        api.answers(200, ACME);

        Cli.Result result = Cli.run(environment, "tenant", "update", "acme", "--max-sources", "none", "--max-targets", "3");

        assertThat(result.exitCode()).isZero();
        api.assertGetThenPut("/api/v1/tenants/acme", """
                {"name":"Acme Corp","quotas":{"ingest_per_s":100,"max_in_flight":null,"max_sources":null,"max_targets":3}}""");
    }

    @Test
    void rmSuspendAndResumeNameTheTenantInThePath() {
        api.answers(204, "");
        assertThat(Cli.run(environment, "tenant", "rm", "acme").out()).isEqualTo("deleted tenant acme\n");
        api.assertOnlyRequest("DELETE", "/api/v1/tenants/acme", null);

        api.reset();
        api.answers(200, ACME);
        assertThat(Cli.run(environment, "tenant", "suspend", "acme").out()).isEqualTo("suspended tenant acme\n");
        assertThat(Cli.run(environment, "tenant", "resume", "acme").out()).isEqualTo("resumed tenant acme\n");
        assertThat(api.requests()).extracting(FakeApi.Request::method, FakeApi.Request::target).containsExactly(
                tuple("POST", "/api/v1/tenants/acme/suspend"),
                tuple("POST", "/api/v1/tenants/acme/resume"));
    }

    @Test
    void usageAsksForTheRangeGivenAndPrintsADayARow() {
        api.answers(200, """
                {"data":[{"date":"2026-02-28","events_accepted":1200,"attempts":1310,"deliveries_succeeded":1195,"deliveries_failed":5},
                         {"date":"2026-03-01","events_accepted":0,"attempts":0,"deliveries_succeeded":0,"deliveries_failed":0}]}""");

        Cli.Result result = Cli.run(environment, "tenant", "usage", "acme", "--from", "2026-02-28", "--to", "2026-03-01");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/tenants/acme/usage?from=2026-02-28&to=2026-03-01", null);
        assertThat(result.out()).isEqualTo("""
                DATE        EVENTS  ATTEMPTS  SUCCEEDED  FAILED
                2026-02-28  1200    1310      1195       5
                2026-03-01  0       0         0          0
                """);
        api.reset();
        api.answers(200, "{\"data\":[]}");
        assertThat(Cli.run(environment, "tenant", "usage", "acme").exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/tenants/acme/usage", null);
    }

    @Test
    void aQuotaThatIsNotAPositiveNumberOrNoneIsAUsageErrorAndSendsNothing() {
        for (String bad : new String[] {"0", "-3", "1.5", "ten", "", "99999999999"}) {
            Cli.Result result = Cli.run(environment, "tenant", "add", "acme", "--max-targets", bad);

            assertThat(result.exitCode()).as(bad).isEqualTo(2);
            assertThat(result.err()).as(bad).contains("--max-targets takes a positive number or 'none'");
        }
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void theServersRefusalIsAOneLineError() {
        api.answers(409, "{\"error\":\"conflict\",\"message\":\"tenant default always exists and cannot be deleted\"}");

        Cli.Result result = Cli.run(environment, "tenant", "rm", "default");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("hookrelay: tenant default always exists and cannot be deleted (conflict)\n");
    }
}
