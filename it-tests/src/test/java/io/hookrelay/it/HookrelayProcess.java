package io.hookrelay.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real {@code hookrelay.jar} in a child JVM, as an operator runs it: its output is collected line by
 * line so a test can wait for what the server says rather than for a fixed time.
 */
final class HookrelayProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^:]+:(\\d+)");
    private static final Duration STARTUP = Duration.ofSeconds(60);

    private final Process process;
    private final List<String> stdout = new ArrayList<>();
    private final List<String> stderr = new ArrayList<>();
    private final Thread stdoutReader;
    private final Thread stderrReader;

    private HookrelayProcess(Process process) {
        this.process = process;
        this.stdoutReader = collect(process.getInputStream(), stdout);
        this.stderrReader = collect(process.getErrorStream(), stderr);
    }

    static HookrelayProcess start(String... arguments) throws IOException {
        Path jar = Path.of(System.getProperty("hookrelay.jar", "../app/target/hookrelay.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("build the jar first (mvn package): " + jar.toAbsolutePath());
        }
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-jar", jar.toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(name -> name.startsWith("HOOKRELAY_"));
        return new HookrelayProcess(builder.start());
    }

    static HookrelayProcess serve(Path dataDir) throws IOException {
        return start("serve", "--data-dir", dataDir.toString(), "--port", "0");
    }

    /** Waits for the line announcing the bound port, failing early if the process dies first. */
    int awaitPort() throws InterruptedException {
        long deadline = System.nanoTime() + STARTUP.toNanos();
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
        throw new IllegalStateException("hookrelay did not start within " + STARTUP + ": " + output());
    }

    private synchronized Optional<Integer> findPort() {
        for (String line : stdout) {
            Matcher matcher = LISTENING.matcher(line);
            if (matcher.find()) {
                return Optional.of(Integer.parseInt(matcher.group(1)));
            }
        }
        return Optional.empty();
    }

    /** Waits for the process to exit and for its output to be read to the end. */
    int awaitExit() throws InterruptedException {
        if (!process.waitFor(STARTUP.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("hookrelay did not exit within " + STARTUP + ": " + output());
        }
        stdoutReader.join(STARTUP.toMillis());
        stderrReader.join(STARTUP.toMillis());
        return process.exitValue();
    }

    /** SIGTERM, as an init system stops a service. */
    void terminate() {
        process.destroy();
    }

    synchronized List<String> stdoutLines() {
        return List.copyOf(stdout);
    }

    synchronized List<String> stderrLines() {
        return List.copyOf(stderr);
    }

    synchronized String output() {
        return "stdout=" + stdout + " stderr=" + stderr;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(STARTUP.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private Thread collect(InputStream stream, List<String> lines) {
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    synchronized (this) {
                        lines.add(line);
                    }
                }
            } catch (IOException e) {
                synchronized (this) {
                    lines.add("<output unreadable: " + e + ">");
                }
            }
        }, "hookrelay-output");
        reader.setDaemon(true);
        reader.start();
        return reader;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
