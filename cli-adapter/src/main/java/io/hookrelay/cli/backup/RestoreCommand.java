package io.hookrelay.cli.backup;

import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.common.Defaults;
import io.hookrelay.cli.common.VersionProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code hookrelay restore}: offline, so it works on the files directly rather than through a server. */
@Command(
        name = "restore",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Replaces the database of a data directory with a backup, with the server stopped.",
            "Refuses (exit code 3) while a server holds the data directory."})
public final class RestoreCommand implements Callable<Integer> {
    private final OfflineRestore restore;

    @Spec
    private CommandSpec spec;

    @Option(names = "--from", required = true, paramLabel = "FILE",
            description = "The backup file, as 'hookrelay backup' wrote it.")
    private Path from;

    @Option(names = "--data-dir", paramLabel = "DIR", defaultValue = Defaults.DATA_DIR,
            description = "The data directory to restore into (env HOOKRELAY_DATA_DIR; default: ${DEFAULT-VALUE}).")
    private Path dataDir;

    public RestoreCommand(OfflineRestore restore) {
        this.restore = Objects.requireNonNull(restore, "restore");
    }

    @Override
    public Integer call() {
        if (!Files.isRegularFile(from)) {
            throw new CommandFailedException(spec.exitCodeOnInvalidInput(), "--from " + from + " is not a file");
        }
        restore.restore(new RestoreOptions(from, dataDir));
        spec.commandLine().getOut().println("restored " + from + " into data directory " + dataDir);
        spec.commandLine().getOut().flush();
        return ExitCode.OK;
    }
}
