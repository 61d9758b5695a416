package io.hookrelay.cli;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Lets environment variables stand in for options, so a container can be configured without a command
 * line: a flag wins over its variable, and the variable over the built-in default. An option name means
 * the same thing in every command, so it maps to the same variable everywhere.
 *
 * <p>The environment is passed in rather than read here, so tests can supply one.
 */
final class EnvironmentDefaults implements IDefaultValueProvider {
    static final Map<String, String> VARIABLES = Map.of(
            "--data-dir", "HOOKRELAY_DATA_DIR",
            "--host", "HOOKRELAY_HOST",
            "--port", "HOOKRELAY_PORT",
            "--workers", "HOOKRELAY_WORKERS",
            "--auto-pause-after", "HOOKRELAY_AUTO_PAUSE_AFTER",
            "--shutdown-grace", "HOOKRELAY_SHUTDOWN_GRACE",
            "--retain-completed", "HOOKRELAY_RETAIN_COMPLETED",
            "--retain-failed", "HOOKRELAY_RETAIN_FAILED",
            "--url", "HOOKRELAY_URL",
            "--token", "HOOKRELAY_ADMIN_TOKEN");

    private final Function<String, String> environment;

    EnvironmentDefaults(Function<String, String> environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option)) {
            return null;
        }
        String variable = VARIABLES.get(option.longestName());
        String value = variable == null ? null : environment.apply(variable);
        if (value == null || value.isBlank()) {
            return null;
        }
        // picocli expands ${...} in defaults; a value from the environment is taken literally.
        return value.replace("${", "$${");
    }
}
