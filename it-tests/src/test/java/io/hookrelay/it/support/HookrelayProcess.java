package io.hookrelay.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real {@code hookrelay.jar} in a child JVM, as an operator runs it. Its output goes to files rather
 * than pipes: the JDK drains and closes a child's pipes when it exits, which races a thread still reading
 * them, while a file keeps every line for the test to wait on and assert.
 */
public final class HookrelayProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^:]+:(\\d+)");
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final Process process;
    private final Path stdout;
    private final Path stderr;

    private HookrelayProcess(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Starts {@code hookrelay <arguments>} with none of this process's {@code HOOKRELAY_*} variables. */
    public static HookrelayProcess start(String... arguments) throws IOException {
        return start(List.of(), List.of(), Map.of(), arguments);
    }

    /** As {@link #start}, with {@code environment} as its only {@code HOOKRELAY_*} variables. */
    public static HookrelayProcess startWithEnvironment(Map<String, String> environment, String... arguments) throws IOException {
        return start(List.of(), List.of(), environment, arguments);
    }

    /** As {@link #start}, the JVM given {@code jvmOptions} (system properties such as the hosts file it resolves with). */
    public static HookrelayProcess startOnJvm(List<String> jvmOptions, String... arguments) throws IOException {
        return start(List.of(), jvmOptions, Map.of(), arguments);
    }

    /** As {@link #startWithEnvironment}, the command run by {@code launcher}, such as {@code ip netns exec <name>}. */
    public static HookrelayProcess startWithLauncher(List<String> launcher, Map<String, String> environment,
                                                     String... arguments) throws IOException {
        return start(launcher, List.of(), environment, arguments);
    }

    /**
     * Starts {@code hookrelay <arguments>} under umask 022, whatever this process's is, the way a shell
     * commonly runs it, with {@code environment} as its only {@code HOOKRELAY_*} variables.
     */
    public static HookrelayProcess startUnderUmask022(Map<String, String> environment, String... arguments) throws IOException {
        return start(List.of("sh", "-c", "umask 022; exec \"$@\"", "sh"), List.of(), environment, arguments);
    }

    private static HookrelayProcess start(List<String> launcher, List<String> jvmOptions, Map<String, String> environment,
                                          String... arguments) throws IOException {
        List<String> command = new ArrayList<>(launcher);
        command.add(javaBinary());
        command.addAll(buildJvmFlags());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar().toString()));
        command.addAll(List.of(arguments));
        Path stdout = Files.createTempFile("hookrelay-stdout", ".log");
        Path stderr = Files.createTempFile("hookrelay-stderr", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("HOOKRELAY_"));
        builder.environment().putAll(environment);
        return new HookrelayProcess(builder.start(), stdout, stderr);
    }

    public static HookrelayProcess serve(Path dataDir, String... moreOptions) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("serve", "--data-dir", dataDir.toString(), "--port", "0"));
        arguments.addAll(List.of(moreOptions));
        return start(arguments.toArray(String[]::new));
    }

    /** The admin token a server started without {@code HOOKRELAY_ADMIN_TOKEN} keeps in its data directory. */
    public static String adminTokenOf(Path dataDir) {
        return text(dataDir.resolve("admin.token")).strip();
    }

    /** Waits for the line announcing the bound port, failing early if the process dies first. */
    public int awaitPort() throws InterruptedException {
        return awaitPort(PATIENCE);
    }

    /** {@link #awaitPort()}, for a process that starts slower than usual, such as one whose every clock read is faked. */
    public int awaitPort(Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<Integer> port = findPort();
            if (port.isPresent()) {
                return port.get();
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("hookrelay exited with " + process.exitValue() + " before listening: " + output());
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("hookrelay did not start within " + patience + ": " + output() + "\nits threads:\n" + threadDump());
    }

    /** What each of the child's threads is doing, as {@code jcmd} prints it, or why that could not be had. */
    private String threadDump() {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Path printed = null;
        try {
            printed = Files.createTempFile("hookrelay-threads", ".txt");
            Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.print")
                    .redirectErrorStream(true).redirectOutput(printed.toFile()).start();
            if (!dump.waitFor(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
                dump.destroyForcibly();
                return "jcmd did not finish within " + PATIENCE + ": " + text(printed);
            }
            return text(printed);
        } catch (IOException e) {
            return "jcmd failed: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while jcmd ran";
        } finally {
            if (printed != null) {
                deleteQuietly(printed);
            }
        }
    }

    private Optional<Integer> findPort() {
        for (String line : stdoutLines()) {
            Matcher matcher = LISTENING.matcher(line);
            if (matcher.find()) {
                return Optional.of(Integer.parseInt(matcher.group(1)));
            }
        }
        return Optional.empty();
    }

    /** Waits for the process to end by itself and returns its exit code. */
    public int awaitExit() throws InterruptedException {
        if (!process.waitFor(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("hookrelay did not exit within " + PATIENCE + ": " + output());
        }
        return process.exitValue();
    }

    /** SIGTERM, as an init system stops a service. */
    public void terminate() {
        process.destroy();
    }

    /** SIGKILL, as a crash or the OOM killer ends a process: no shutdown hook runs. Returns once it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("hookrelay outlived SIGKILL for " + PATIENCE);
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Everything the process printed on standard output so far. */
    public String stdout() {
        return text(stdout);
    }

    public String stderr() {
        return text(stderr);
    }

    public List<String> stdoutLines() {
        return stdout().lines().toList();
    }

    public List<String> stderrLines() {
        return stderr().lines().toList();
    }

    private String output() {
        return "stdout=" + stdoutLines() + " stderr=" + stderrLines();
    }

    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                process.destroyForcibly();
                process.waitFor(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            deleteQuietly(stdout);
            deleteQuietly(stderr);
        }
    }

    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A leftover log file in the temp directory harms nothing.
        }
    }

    /**
     * The flags the build gives its test JVMs ({@code test.jvm.flags} in the parent POM), given to the jar's too; none
     * outside the build, as in the benchmark.
     */
    private static List<String> buildJvmFlags() {
        String flags = System.getProperty("hookrelay.test.jvm.flags", "").strip();
        return flags.isEmpty() ? List.of() : List.of(flags.split("\\s+"));
    }

    /** The {@code java} that runs the tests, so the jar runs on the same JDK. */
    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The jar under test: {@code -Dhookrelay.jar}, or the one {@code app} just packaged. */
    public static Path jar() {
        Path jar = Path.of(System.getProperty("hookrelay.jar", "../app/target/hookrelay.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("build the jar first (mvn package): " + jar);
        }
        return jar;
    }
}
