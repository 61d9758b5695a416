package io.hookrelay.cli.backup;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.common.CommandFailedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RestoreCommandTest {
    private final List<RestoreOptions> restored = new ArrayList<>();

    @TempDir
    private Path directory;

    @Test
    void restoreHandsTheBackupAndTheDataDirectoryToTheApplication() throws IOException {
        Path backup = Files.writeString(directory.resolve("backup.db"), "a database");
        Path dataDir = directory.resolve("data");

        Cli.Result result = Cli.run(restored::add, Map.of(), "restore", "--from", backup.toString(), "--data-dir", dataDir.toString());

        assertThat(result.exitCode()).isZero();
        assertThat(restored).containsExactly(new RestoreOptions(backup, dataDir));
        assertThat(result.out()).isEqualTo("restored " + backup + " into data directory " + dataDir + "\n");
        assertThat(result.err()).isEmpty();
    }

    @Test
    void theDataDirectoryDefaultsLikeServeAndComesFromTheEnvironmentToo() throws IOException {
        Path backup = Files.writeString(directory.resolve("backup.db"), "a database");

        assertThat(Cli.run(restored::add, Map.of(), "restore", "--from", backup.toString()).exitCode()).isZero();
        assertThat(Cli.run(restored::add, Map.of("HOOKRELAY_DATA_DIR", "/var/lib/hookrelay"), "restore", "--from", backup.toString())
                .exitCode()).isZero();

        assertThat(restored).extracting(RestoreOptions::dataDir).containsExactly(Path.of("./data"), Path.of("/var/lib/hookrelay"));
    }

    @Test
    void aBackupThatIsNotAFileIsAUsageErrorAndNothingIsRestored() {
        Cli.Result missing = Cli.run(restored::add, Map.of(), "restore", "--from", directory.resolve("nope.db").toString());
        Cli.Result aDirectory = Cli.run(restored::add, Map.of(), "restore", "--from", directory.toString());

        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.errLines()).containsExactly("hookrelay: --from " + directory.resolve("nope.db") + " is not a file");
        assertThat(aDirectory.exitCode()).isEqualTo(2);
        assertThat(restored).isEmpty();
    }

    @Test
    void aDataDirectoryHeldByAServerIsRefusedWithExitCode3AndOneLine() throws IOException {
        Path backup = Files.writeString(directory.resolve("backup.db"), "a database");
        OfflineRestore locked = options -> {
            throw new CommandFailedException(3, "data directory " + options.dataDir() + " is in use by another hookrelay process");
        };

        Cli.Result result = Cli.run(locked, Map.of(), "restore", "--from", backup.toString(), "--data-dir", "/srv/data");

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.errLines()).containsExactly("hookrelay: data directory /srv/data is in use by another hookrelay process");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void restoreNeedsABackup() {
        Cli.Result result = Cli.run(restored::add, Map.of(), "restore");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Missing required option: '--from=FILE' (see 'hookrelay restore --help')");
    }
}
