package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class SettingsCommandsTest {
    private final FakeApi api;
    private final Map<String, String> environment;

    SettingsCommandsTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void showPrintsTheOperatorTargetOrADash() {
        api.answers(200, "{\"operator_target\":null}");

        Cli.Result result = Cli.run(environment, "settings", "show");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/settings", null);
        assertThat(result.out()).isEqualTo("operator target  -\n");
    }

    @Test
    void setPutsTheOperatorTarget() {
        api.answers(200, "{\"operator_target\":\"ops\"}");

        Cli.Result result = Cli.run(environment, "settings", "set", "--operator-target", "ops");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("PUT", "/api/v1/settings", "{\"operator_target\":\"ops\"}");
        assertThat(result.out()).isEqualTo("operator target  ops\n");
    }

    @Test
    void noOperatorTargetPutsSettingsWithoutOne() {
        api.answers(200, "{\"operator_target\":null}");

        Cli.Result result = Cli.run(environment, "settings", "set", "--no-operator-target");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("PUT", "/api/v1/settings", "{}");
    }

    @Test
    void setTakesOneOfTheTwoAndSendsNothingOtherwise() {
        assertThat(Cli.run(environment, "settings", "set").exitCode()).isEqualTo(2);
        assertThat(Cli.run(environment, "settings", "set", "--operator-target", "ops", "--no-operator-target").exitCode())
                .isEqualTo(2);
        assertThat(api.requests()).isEmpty();
    }

    @Test
    void aTargetTheServerDoesNotKnowIsAOneLineError() {
        api.answers(400, "{\"error\":\"invalid_request\",\"message\":\"operator_target names no target: nobody\"}");

        Cli.Result result = Cli.run(environment, "settings", "set", "--operator-target", "nobody");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("hookrelay: operator_target names no target: nobody (invalid_request)\n");
    }
}
