package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class KeyCommandsTest {
    private static final String TOKEN = "hrk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

    private final FakeApi api;
    private final Map<String, String> environment;

    KeyCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void addPostsTheKeyAndPrintsItsTokenOnceWithAWarning() {
        api.answers(201, """
                {"id":"key_01JF0000000000000000000001","name":"deploys","scope":"admin","created_at":"2026-12-07T10:00:00Z",
                 "expires_at":"2027-01-01T00:00:00Z","last_used_at":null,"token":"%s"}""".formatted(TOKEN));

        Cli.Result result = Cli.run(environment, "key", "add", "--tenant", "acme", "--name", "deploys", "--scope", "admin",
                "--expires-at", "2027-01-01T01:00:00+01:00");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/tenants/acme/keys",
                "{\"name\":\"deploys\",\"scope\":\"admin\",\"expires_at\":\"2027-01-01T00:00:00Z\"}");
        assertThat(result.out()).contains("token    " + TOKEN + "\n").endsWith(KeyCommands.SHOWN_ONCE + "\n");
    }

    @Test
    void addIssuesAReadKeyThatNeverExpiresUnlessToldOtherwise() {
        api.answers(201, "{\"id\":\"key_01JF0000000000000000000001\",\"token\":\"" + TOKEN + "\"}");

        assertThat(Cli.run(environment, "key", "add", "--tenant", "acme", "--name", "ci").exitCode()).isZero();

        api.assertOnlyRequest("POST", "/api/v1/tenants/acme/keys", "{\"name\":\"ci\",\"scope\":\"read\"}");
    }

    @Test
    void listAndRmNameTheTenantInThePath() {
        api.answers(200, """
                {"data":[{"id":"key_01JF0000000000000000000001","name":"ci","scope":"read","created_at":"2026-12-07T10:00:00Z",
                          "expires_at":null,"last_used_at":null}]}""");
        Cli.Result listed = Cli.run(environment, "key", "list", "--tenant", "acme");
        assertThat(listed.out()).startsWith("ID                              NAME  SCOPE  CREATED               EXPIRES  LAST USED\n"
                + "key_01JF0000000000000000000001  ci    read   2026-12-07T10:00:00Z  -        -\n");
        api.assertOnlyRequest("GET", "/api/v1/tenants/acme/keys", null);

        api.reset();
        api.answers(204, "");
        assertThat(Cli.run(environment, "key", "rm", "--tenant", "acme", "key_01JF0000000000000000000001").out())
                .isEqualTo("revoked key key_01JF0000000000000000000001 of tenant acme\n");
        api.assertOnlyRequest("DELETE", "/api/v1/tenants/acme/keys/key_01JF0000000000000000000001", null);
    }

    @Test
    void aKeyWithoutItsTenantOrNameOrWithABadTimeIsAUsageErrorAndSendsNothing() {
        assertThat(Cli.run(environment, "key", "add", "--name", "ci").exitCode()).isEqualTo(2);
        assertThat(Cli.run(environment, "key", "add", "--tenant", "acme").exitCode()).isEqualTo(2);
        assertThat(Cli.run(environment, "key", "add", "--tenant", "acme", "--name", "ci", "--expires-at", "tomorrow").exitCode())
                .isEqualTo(2);
        assertThat(Cli.run(environment, "key", "list").exitCode()).isEqualTo(2);
        assertThat(api.requests()).isEmpty();
    }
}
