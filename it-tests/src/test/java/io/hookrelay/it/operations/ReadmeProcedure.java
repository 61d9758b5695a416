package io.hookrelay.it.operations;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.queue.testing.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * README's "Backup and restore" procedure, run as written: the one {@code sh} block between
 * {@code <!-- procedure:backup-restore -->} and {@code <!-- /procedure -->}, by {@code bash} with
 * {@code -euo pipefail} so that a failing step fails the run, in a directory where {@code ./hookrelay} is
 * the jar under test. Editing the README changes what the test runs.
 *
 * <p>That {@code ./hookrelay} is a shim with three additions an operator's copy does not have: it times each
 * command ({@code hookrelay <command> took <s> s} on standard error); it runs a backup under umask 000, so
 * that the file's owner-only mode is the command's doing; and after a backup it waits for a line on its
 * standard input ({@link #proceed()}), so that the test lets the load run on between the backup and the
 * rest of the procedure, as time passes between them in real life.
 */
final class ReadmeProcedure implements AutoCloseable {
    static final Path README = Path.of("..", "README.md");
    private static final String BEGIN = "<!-- procedure:backup-restore -->";
    private static final String END = "<!-- /procedure -->";
    /** A liveness bound on each step the test waits for: two JVMs start within the procedure, on a loaded machine. */
    private static final Duration PATIENCE = Duration.ofSeconds(120);
    private static final Pattern TIMING = Pattern.compile("hookrelay (\\S+) took ([0-9.]+) s");
    private static final String SHIM = """
            #!/usr/bin/env bash
            TIMEFORMAT="hookrelay $1 took %3R s"
            if [ "$1" = backup ]; then umask 000; fi
            time "$JAVA_UNDER_TEST" -jar "$JAR_UNDER_TEST" "$@" < /dev/null || exit
            if [ "$1" = backup ]; then read -r _; fi
            """;

    private final Process bash;
    private final Path stdout;
    private final Path stderr;

    private ReadmeProcedure(Process bash, Path stdout, Path stderr) {
        this.bash = bash;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** The commands of the README's procedure block. */
    static String script() throws IOException {
        List<String> lines = Files.readAllLines(README, StandardCharsets.UTF_8);
        int begin = lines.indexOf(BEGIN);
        assertThat(begin).as("%s in %s", BEGIN, README.toAbsolutePath()).isNotNegative();
        assertThat(lines.lastIndexOf(BEGIN)).as("one procedure in the README").isEqualTo(begin);
        int end = lines.subList(begin, lines.size()).indexOf(END);
        assertThat(end).as("%s after %s", END, BEGIN).isPositive();
        List<String> block = lines.subList(begin + 1, begin + end).stream().dropWhile(String::isBlank).toList();
        int close = block.lastIndexOf("```");
        assertThat(block).as("one fenced sh block between the markers, nothing else").isNotEmpty().startsWith("```sh");
        assertThat(close).as("the block is closed").isPositive();
        assertThat(block.subList(close + 1, block.size())).allMatch(String::isBlank);
        List<String> commands = block.subList(1, close);
        assertThat(commands).noneMatch(line -> line.startsWith("```"));
        return String.join("\n", commands) + "\n";
    }

    /**
     * Starts the procedure in {@code workDir} with {@code variables} (and nothing of this process's
     * {@code HOOKRELAY_*} environment) and the jar the child-process tests run.
     */
    static ReadmeProcedure start(Path workDir, Map<String, String> variables) throws IOException {
        Files.createDirectories(workDir);
        Path procedure = Files.writeString(workDir.resolve("procedure.sh"), script(), StandardCharsets.UTF_8);
        Path shim = Files.writeString(workDir.resolve("hookrelay"), SHIM, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(shim, PosixFilePermissions.fromString("rwx------"));
        Path stdout = workDir.resolve("procedure.out");
        Path stderr = workDir.resolve("procedure.err");
        ProcessBuilder builder = new ProcessBuilder("bash", "-euo", "pipefail", procedure.toString())
                .directory(workDir.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("HOOKRELAY_"));
        environment.put("JAVA_UNDER_TEST", HookrelayProcess.javaBinary());
        environment.put("JAR_UNDER_TEST", HookrelayProcess.jar().toString());
        environment.putAll(variables);
        return new ReadmeProcedure(builder.start(), stdout, stderr);
    }

    /** Waits until the procedure has printed a line containing {@code text}, failing early if it ends first. */
    void awaitOutput(String text) throws InterruptedException {
        Await.until("the procedure prints '" + text + "'", PATIENCE, () -> {
            if (!bash.isAlive() && !stdout().contains(text)) {
                throw new AssertionError("the procedure ended with " + bash.exitValue() + " first: " + this);
            }
            return stdout().contains(text);
        });
    }

    /** Lets the procedure go on after its backup. */
    void proceed() throws IOException {
        OutputStream input = bash.getOutputStream();
        input.write('\n');
        input.flush();
    }

    int awaitExit() throws InterruptedException {
        assertThat(bash.waitFor(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)).as("the procedure ends: %s", this).isTrue();
        return bash.exitValue();
    }

    /** How long a {@code ./hookrelay} command of the procedure took, from starting the JVM to its exit. */
    Duration took(String command) {
        Matcher timing = TIMING.matcher(stderr());
        while (timing.find()) {
            if (timing.group(1).equals(command)) {
                return Duration.ofNanos(Math.round(Double.parseDouble(timing.group(2)) * 1e9));
            }
        }
        throw new AssertionError("no timing of " + command + ": " + this);
    }

    String stdout() {
        return text(stdout);
    }

    String stderr() {
        return text(stderr);
    }

    @Override
    public void close() {
        bash.descendants().forEach(ProcessHandle::destroyForcibly);
        bash.destroyForcibly();
    }

    @Override
    public String toString() {
        return "stdout=" + stdout().lines().toList() + " stderr=" + stderr().lines().toList();
    }

    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
