package io.hookrelay.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.hookrelay.cli.backup.OfflineRestore;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.serve.DatabaseUrl;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.cli.serve.ServerLauncher;
import io.hookrelay.delivery.egress.EgressPolicy;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HookrelayCliTest {
    private final List<ServeOptions> served = new ArrayList<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void serveUsesTheDefaults() {
        int exitCode = run(Map.of(), "serve");

        assertThat(exitCode).isZero();
        assertThat(served).containsExactly(ServeOptions.of(Path.of("./data"), "127.0.0.1", 8080, 1_000));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void serveTakesEveryFlag() {
        int exitCode = run(Map.of(), "serve", "--data-dir", "/srv/relay", "--host", "0.0.0.0", "--port", "0", "--workers", "16");

        assertThat(exitCode).isZero();
        assertThat(served).containsExactly(ServeOptions.of(Path.of("/srv/relay"), "0.0.0.0", 0, 16));
    }

    @Test
    void serveTakesTheGraceAndRetentionSpansInAnyUnit() {
        int exitCode = run(Map.of(), "serve", "--shutdown-grace", "5s", "--retain-completed", "36h", "--retain-failed", "90d");

        assertThat(exitCode).isZero();
        assertThat(served).containsExactly(ServeOptions.of(Path.of("./data"), "127.0.0.1", 8080, 1_000)
                .withShutdownGrace(Duration.ofSeconds(5))
                .withRetention(Duration.ofHours(36), Duration.ofDays(90)));
    }

    @Test
    void graceAndRetentionComeFromTheEnvironmentToo() {
        Map<String, String> environment = Map.of(
                "HOOKRELAY_SHUTDOWN_GRACE", "0",
                "HOOKRELAY_RETAIN_COMPLETED", "1d",
                "HOOKRELAY_RETAIN_FAILED", "2d");

        assertThat(run(environment, "serve")).isZero();

        assertThat(served).singleElement().satisfies(options -> {
            assertThat(options.shutdownGrace()).isZero();
            assertThat(options.retainCompleted()).isEqualTo(Duration.ofDays(1));
            assertThat(options.retainFailed()).isEqualTo(Duration.ofDays(2));
        });
    }

    @Test
    void spansOutOfRangeAreUsageErrorsNamingTheLimits() {
        int exitCode = run(Map.of(), "serve", "--shutdown-grace", "11m", "--retain-completed", "0s");

        assertThat(exitCode).isEqualTo(2);
        assertThat(served).isEmpty();
        assertThat(errLines()).containsExactly(
                "hookrelay: --shutdown-grace must be between 0s and 10m, was 11m",
                "hookrelay: --retain-completed must be between 1s and 3650d, was 0s");
    }

    @Test
    void maxHopsDefaultsTo3AndComesFromTheFlagOrTheEnvironment() {
        assertThat(run(Map.of(), "serve")).isZero();
        assertThat(run(Map.of("HOOKRELAY_MAX_HOPS", "5"), "serve")).isZero();
        assertThat(run(Map.of("HOOKRELAY_MAX_HOPS", "5"), "serve", "--max-hops", "2")).isZero();

        assertThat(served).extracting(ServeOptions::maxHops).containsExactly(3, 5, 2);
    }

    @Test
    void maxHopsOutOfRangeIsAUsageErrorNamingTheLimits() {
        int exitCode = run(Map.of(), "serve", "--max-hops", "0");

        assertThat(exitCode).isEqualTo(2);
        assertThat(served).isEmpty();
        assertThat(errLines()).containsExactly("hookrelay: --max-hops must be between 1 and 100, was 0");
    }

    @Test
    void aSpanWithoutAKnownUnitIsOneLineAndExitCode2() {
        int exitCode = run(Map.of(), "serve", "--retain-failed", "1w");

        assertThat(exitCode).isEqualTo(2);
        assertThat(served).isEmpty();
        assertThat(errLines()).singleElement().asString()
                .contains("--retain-failed")
                .contains("'1w' is not a duration such as 30s, 5m, 2h or 7d");
    }

    @Test
    void environmentVariablesReplaceTheDefaults() {
        Map<String, String> environment = Map.of(
                "HOOKRELAY_DATA_DIR", "/var/lib/hookrelay",
                "HOOKRELAY_HOST", "::1",
                "HOOKRELAY_PORT", "9090",
                "HOOKRELAY_WORKERS", "8");

        assertThat(run(environment, "serve")).isZero();

        assertThat(served).containsExactly(ServeOptions.of(Path.of("/var/lib/hookrelay"), "::1", 9090, 8));
    }

    @Test
    void flagsWinOverEnvironmentVariables() {
        Map<String, String> environment = Map.of("HOOKRELAY_PORT", "9090", "HOOKRELAY_WORKERS", "8");

        assertThat(run(environment, "serve", "--port", "7070")).isZero();

        assertThat(served).containsExactly(ServeOptions.of(Path.of("./data"), "127.0.0.1", 7070, 8));
    }

    @Test
    void anEmptyEnvironmentVariableCountsAsUnset() {
        assertThat(run(Map.of("HOOKRELAY_PORT", ""), "serve")).isZero();

        assertThat(served).extracting(ServeOptions::port).containsExactly(8080);
    }

    @Test
    void environmentValuesAreTakenLiterally() {
        assertThat(run(Map.of("HOOKRELAY_DATA_DIR", "/data/${sys:user.home}"), "serve")).isZero();

        assertThat(served).extracting(ServeOptions::dataDir).containsExactly(Path.of("/data/${sys:user.home}"));
    }

    @Test
    void eachInvalidValueGetsOneLineAndExitCode2() {
        int exitCode = run(Map.of(), "serve", "--port", "70000", "--workers", "0");

        assertThat(exitCode).isEqualTo(2);
        assertThat(served).isEmpty();
        assertThat(errLines()).containsExactly(
                "hookrelay: --port must be between 0 and 65535, was 70000",
                "hookrelay: --workers must be between 1 and 10000, was 0");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void anInvalidEnvironmentValueIsAUsageErrorToo() {
        int exitCode = run(Map.of("HOOKRELAY_WORKERS", "10001"), "serve");

        assertThat(exitCode).isEqualTo(2);
        assertThat(errLines()).containsExactly("hookrelay: --workers must be between 1 and 10000, was 10001");
    }

    @Test
    void aValueOfTheWrongTypeIsOneLineAndExitCode2() {
        int exitCode = run(Map.of(), "serve", "--port", "eighty");

        assertThat(exitCode).isEqualTo(2);
        assertThat(served).isEmpty();
        assertThat(errLines()).singleElement().asString()
                .startsWith("hookrelay: ")
                .contains("--port")
                .contains("eighty")
                .endsWith("(see 'hookrelay serve --help')");
    }

    @Test
    void anUnknownOptionIsOneLineAndExitCode2() {
        int exitCode = run(Map.of(), "serve", "--prot", "80");

        assertThat(exitCode).isEqualTo(2);
        assertThat(errLines()).singleElement().asString().startsWith("hookrelay: ").contains("--prot");
    }

    @Test
    void noSubcommandIsAUsageError() {
        int exitCode = run(Map.of());

        assertThat(exitCode).isEqualTo(2);
        assertThat(errLines()).singleElement().asString().startsWith("hookrelay: ").contains("subcommand");
    }

    @Test
    void aLauncherFailureChoosesTheExitCodeAndPrintsOneLine() {
        ServerLauncher locked = options -> {
            throw new CommandFailedException(3, "data directory " + options.dataDir() + " is in use\nby another process");
        };

        int exitCode = run(locked, Map.of(), "serve", "--data-dir", "/tmp/x");

        assertThat(exitCode).isEqualTo(3);
        assertThat(errLines()).containsExactly("hookrelay: data directory /tmp/x is in use by another process");
    }

    @Test
    void anUnexpectedLauncherFailureIsOneLineWithoutAStackTrace() {
        ServerLauncher broken = options -> {
            throw new IllegalStateException("something broke", new RuntimeException("deep cause"));
        };

        int exitCode = run(broken, Map.of(), "serve");

        assertThat(exitCode).isEqualTo(1);
        assertThat(errLines()).containsExactly("hookrelay: unexpected error: IllegalStateException: something broke");
    }

    @Test
    void versionNamesTheProgram() {
        int exitCode = run(Map.of(), "--version");

        assertThat(exitCode).isZero();
        assertThat(out.toString()).startsWith("hookrelay ");
    }

    @Test
    void helpListsEveryCommand() {
        assertThat(run(Map.of(), "--help")).isZero();

        assertThat(out.toString()).contains("serve", "source", "target", "route", "events", "deliveries", "backup", "restore");
    }

    @Test
    void aCommandGroupWithoutItsSubcommandIsAUsageError() {
        assertThat(run(Map.of(), "target")).isEqualTo(2);

        assertThat(errLines()).containsExactly("hookrelay: Missing required subcommand (see 'hookrelay target --help')");
    }

    @Test
    void theBackupDirectoryFollowsTheDataDirectoryUnlessGivenByFlagOrEnvironment() {
        assertThat(run(Map.of(), "serve", "--data-dir", "/srv/relay")).isZero();
        assertThat(run(Map.of("HOOKRELAY_BACKUP_DIR", "/var/backups/relay"), "serve")).isZero();
        assertThat(run(Map.of("HOOKRELAY_BACKUP_DIR", "/var/backups/relay"), "serve", "--backup-dir", "/mnt/backups")).isZero();

        assertThat(served).extracting(ServeOptions::backupDirectory)
                .containsExactly(Path.of("/srv/relay/backups"), Path.of("/var/backups/relay"), Path.of("/mnt/backups"));
        assertThat(served.get(2)).isEqualTo(ServeOptions.of(Path.of("./data"), "127.0.0.1", 8080, 1_000)
                .withBackupDir(Path.of("/mnt/backups")));
    }

    @Test
    void anEmptyBackupDirectoryIsAUsageError() {
        assertThat(run(Map.of(), "serve", "--backup-dir", "")).isEqualTo(2);

        assertThat(errLines()).containsExactly("hookrelay: --backup-dir must name a directory");
        assertThat(served).isEmpty();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ServeOptions.of(Path.of("d"), "h", 1, 4).withBackupDir(Path.of("")))
                .withMessage("--backup-dir must name a directory");
    }

    @Test
    void serveTakesTheEgressRangesFromFlagsOrTheEnvironment() {
        assertThat(run(Map.of("HOOKRELAY_DENY_TARGETS", "10.0.0.0/8"), "serve", "--allow-targets", "10.0.0.0/8, fd00::/8")).isZero();
        assertThat(run(Map.of("HOOKRELAY_ALLOW_TARGETS", "192.168.0.0/16"), "serve", "--deny-targets", "127.0.0.0/8,::1")).isZero();

        assertThat(served).containsExactly(
                ServeOptions.of(Path.of("./data"), "127.0.0.1", 8080, 1_000).withEgress(EgressPolicy.of(
                        EgressPolicy.parseList("10.0.0.0/8,fd00::/8"), EgressPolicy.parseList("10.0.0.0/8"))),
                ServeOptions.of(Path.of("./data"), "127.0.0.1", 8080, 1_000).withEgress(EgressPolicy.of(
                        EgressPolicy.parseList("192.168.0.0/16"), EgressPolicy.parseList("127.0.0.0/8,::1"))));
        assertThat(served.get(0).egress().denied()).containsAll(EgressPolicy.ALWAYS_DENIED);
    }

    @Test
    void aRangeThatIsNotOneIsOneLineAndExitCode2BeforeAnythingRuns() {
        int exitCode = run(Map.of("HOOKRELAY_ALLOW_TARGETS", "10.0.0.0/33"), "serve", "--deny-targets", "10.0.0.1/8");

        assertThat(exitCode).isEqualTo(2);
        assertThat(served).isEmpty();
        assertThat(errLines()).containsExactly(
                "hookrelay: --allow-targets: '10.0.0.0/33': the prefix length of an IPv4 range is at most 32",
                "hookrelay: --deny-targets: '10.0.0.1/8' has bits set after its prefix; did you mean 10.0.0.0/8?");
    }

    @Test
    void serveTakesAPostgresqlDatabaseFromTheFlagOrTheEnvironment() {
        String url = "postgresql://relay:hunter2hunter2@db.internal/hookrelay";

        assertThat(run(Map.of(), "serve", "--database", url)).isZero();
        assertThat(run(Map.of("HOOKRELAY_DATABASE_URL", "jdbc:" + url), "serve")).isZero();

        ServeOptions expected = ServeOptions.of(Path.of("./data"), "127.0.0.1", 8080, 1_000).withDatabase(DatabaseUrl.parse(url));
        assertThat(served).containsExactly(expected, expected);
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aMalformedDatabaseUrlIsOneLineAndExitCode2WithoutThePassword() {
        int exitCode = run(Map.of(), "serve", "--database", "postgresql://relay:hunter2hunter2@db.internal");

        assertThat(exitCode).isEqualTo(2);
        assertThat(served).isEmpty();
        assertThat(errLines()).containsExactly("hookrelay: --database: the database URL names no database, or more than one path "
                + "segment; expected postgresql://user:password@host:port/database");
    }

    @Test
    void aDatabaseWithADataDirectoryIsOneLineAndExitCode2() {
        String url = "postgresql://relay:hunter2hunter2@db.internal/hookrelay";

        assertThat(run(Map.of(), "serve", "--database", url, "--data-dir", "./data")).isEqualTo(2);
        assertThat(run(Map.of("HOOKRELAY_DATA_DIR", "/srv/relay", "HOOKRELAY_DATABASE_URL", url), "serve")).isEqualTo(2);

        assertThat(served).isEmpty();
        assertThat(errLines()).containsExactly(
                "hookrelay: --database and --data-dir (HOOKRELAY_DATA_DIR) cannot be given together: with --database everything "
                        + "is kept in PostgreSQL",
                "hookrelay: --database and --data-dir (HOOKRELAY_DATA_DIR) cannot be given together: with --database everything "
                        + "is kept in PostgreSQL");
    }

    @Test
    void serveHelpNamesTheDatabaseVariableButNeverShowsItsValue() {
        assertThat(run(Map.of("HOOKRELAY_DATABASE_URL", "postgresql://relay:hunter2hunter2@db/hookrelay"), "serve", "--help")).isZero();

        assertThat(out.toString()).contains("--database=URL", "HOOKRELAY_DATABASE_URL").doesNotContain("hunter2");
    }

    @Test
    void serveHelpNamesTheEnvironmentVariablesAndShowsTheirValues() {
        assertThat(run(Map.of("HOOKRELAY_PORT", "9999"), "serve", "--help")).isZero();

        assertThat(out.toString()).contains("HOOKRELAY_DATA_DIR", "HOOKRELAY_HOST", "HOOKRELAY_PORT", "HOOKRELAY_WORKERS", "default: 9999");
        assertThat(served).isEmpty();
    }

    @Test
    void serveOptionsRefuseInvalidValuesOutsideTheCommandLineToo() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ServeOptions.of(Path.of("d"), " ", -1, 4))
                .withMessage("--host must not be empty; --port must be between 0 and 65535, was -1");
    }

    private int run(Map<String, String> environment, String... args) {
        return run(served::add, environment, args);
    }

    private int run(ServerLauncher launcher, Map<String, String> environment, String... args) {
        OfflineRestore noRestore = options -> {
            throw new AssertionError("restore was not expected here");
        };
        CommandLine commandLine = HookrelayCli.commandLine(launcher, noRestore, environment::get);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }
}
