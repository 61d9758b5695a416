package io.hookrelay.cli;

import io.hookrelay.cli.admin.AuditCommands;
import io.hookrelay.cli.admin.DeliveryCommands;
import io.hookrelay.cli.admin.EventCommands;
import io.hookrelay.cli.admin.KeyCommands;
import io.hookrelay.cli.admin.OperatorEventCommands;
import io.hookrelay.cli.admin.RouteCommands;
import io.hookrelay.cli.admin.SettingsCommands;
import io.hookrelay.cli.admin.TenantCommands;
import io.hookrelay.cli.admin.SourceCommands;
import io.hookrelay.cli.admin.TargetCommands;
import io.hookrelay.cli.backup.BackupCommand;
import io.hookrelay.cli.backup.OfflineRestore;
import io.hookrelay.cli.backup.RestoreCommand;
import io.hookrelay.cli.common.ErrorLines;
import io.hookrelay.cli.listen.ListenCommand;
import io.hookrelay.cli.serve.ServeCommand;
import io.hookrelay.cli.serve.ServerLauncher;
import java.time.Clock;
import java.util.function.Function;
import picocli.CommandLine;

/** Builds the {@code hookrelay} command line. */
public final class HookrelayCli {
    private HookrelayCli() {
    }

    /**
     * @param launcher    runs {@code serve}
     * @param restore     runs {@code restore}
     * @param environment reads an environment variable, {@code System::getenv} in a real process
     */
    public static CommandLine commandLine(ServerLauncher launcher, OfflineRestore restore, Function<String, String> environment) {
        CommandLine commandLine = new CommandLine(new HookrelayCommand());
        commandLine.addSubcommand(new ServeCommand(launcher));
        commandLine.addSubcommand(new SourceCommands());
        commandLine.addSubcommand(new TargetCommands());
        commandLine.addSubcommand(new RouteCommands());
        commandLine.addSubcommand(new EventCommands());
        commandLine.addSubcommand(new DeliveryCommands());
        commandLine.addSubcommand(new OperatorEventCommands());
        commandLine.addSubcommand(new SettingsCommands());
        commandLine.addSubcommand(new TenantCommands());
        commandLine.addSubcommand(new KeyCommands());
        commandLine.addSubcommand(new AuditCommands());
        commandLine.addSubcommand(new BackupCommand());
        commandLine.addSubcommand(new RestoreCommand(restore));
        // Set after the subcommands are added: picocli hands these settings only to subcommands it already has.
        commandLine.setDefaultValueProvider(new EnvironmentDefaults(environment));
        commandLine.addSubcommand(new ListenCommand(Clock.systemUTC())); // after: HOOKRELAY_HOST/PORT are the server's
        ErrorLines errorLines = new ErrorLines();
        commandLine.setParameterExceptionHandler(errorLines);
        commandLine.setExecutionExceptionHandler(errorLines);
        return commandLine;
    }
}
