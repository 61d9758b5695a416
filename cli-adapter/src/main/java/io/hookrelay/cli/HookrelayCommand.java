package io.hookrelay.cli;

import io.hookrelay.cli.common.VersionProvider;
import picocli.CommandLine.Command;

/**
 * The top of the command tree. It does nothing by itself, so picocli reports a missing subcommand as a
 * usage error.
 */
@Command(
        name = "hookrelay",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "A durable webhook relay.")
final class HookrelayCommand {
}
