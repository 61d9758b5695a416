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
    static final Map<String, String> VARIABLES = Map.ofEntries(
            Map.entry("--data-dir", "HOOKRELAY_DATA_DIR"),
            Map.entry("--database", "HOOKRELAY_DATABASE_URL"),
            Map.entry("--host", "HOOKRELAY_HOST"),
            Map.entry("--port", "HOOKRELAY_PORT"),
            Map.entry("--workers", "HOOKRELAY_WORKERS"),
            Map.entry("--auto-pause-after", "HOOKRELAY_AUTO_PAUSE_AFTER"),
            Map.entry("--shutdown-grace", "HOOKRELAY_SHUTDOWN_GRACE"),
            Map.entry("--retain-completed", "HOOKRELAY_RETAIN_COMPLETED"),
            Map.entry("--retain-failed", "HOOKRELAY_RETAIN_FAILED"),
            Map.entry("--backup-dir", "HOOKRELAY_BACKUP_DIR"),
            Map.entry("--allow-targets", "HOOKRELAY_ALLOW_TARGETS"),
            Map.entry("--deny-targets", "HOOKRELAY_DENY_TARGETS"),
            Map.entry("--max-hops", "HOOKRELAY_MAX_HOPS"),
            Map.entry("--behind-https", "HOOKRELAY_BEHIND_HTTPS"),
            Map.entry("--url", "HOOKRELAY_URL"),
            Map.entry("--token", "HOOKRELAY_ADMIN_TOKEN"),
            Map.entry("--tenant", "HOOKRELAY_TENANT"));

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
