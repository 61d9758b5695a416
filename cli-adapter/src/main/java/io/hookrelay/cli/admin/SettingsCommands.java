package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.client.AdminClient;
import io.hookrelay.cli.client.AdminCommand;
import io.hookrelay.cli.client.ApiAnswer;
import io.hookrelay.cli.client.ApiJson;
import io.hookrelay.cli.client.ApiPath;
import io.hookrelay.cli.client.TextTable;
import io.hookrelay.cli.common.VersionProvider;
import java.io.PrintWriter;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hookrelay settings show|set}: what is set for the whole relay at run time. */
@Command(
        name = "settings",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Shows and changes the relay's run-time settings.",
        subcommands = {SettingsCommands.ShowSettings.class, SettingsCommands.SetSettings.class})
public final class SettingsCommands {

    @Command(name = "show", description = "Shows the settings.")
    static final class ShowSettings extends AdminCommand {
        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.get(ApiPath.of("settings"));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            printSettings(answer.json(), out);
        }
    }

    @Command(name = "set", description = "Replaces the settings.")
    static final class SetSettings extends AdminCommand {
        @ArgGroup(multiplicity = "1")
        private OperatorTarget operatorTarget;

        static final class OperatorTarget {
            @Option(names = "--operator-target", paramLabel = "TARGET", required = true,
                    description = "The target operator events are delivered to, signed.")
            private String id;

            @Option(names = "--no-operator-target", required = true,
                    description = "Deliver operator events nowhere; they are still stored and listed.")
            private boolean none;
        }

        record Settings(String operatorTarget) {
        }

        @Override
        protected ApiAnswer send(AdminClient client) {
            return client.put(ApiPath.of("settings"), new Settings(operatorTarget.none ? null : operatorTarget.id));
        }

        @Override
        protected void print(ApiAnswer answer, PrintWriter out) {
            printSettings(answer.json(), out);
        }
    }

    private static void printSettings(JsonNode settings, PrintWriter out) {
        new TextTable().row("operator target", ApiJson.text(settings, "operator_target")).print(out);
    }
}
