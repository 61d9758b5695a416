package io.hookrelay.it.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One command of the real {@code hookrelay.jar} in a child JVM, run to its end, with none of this
 * process's {@code HOOKRELAY_*} variables. Output goes to files, which keep every line however the child
 * ends.
 */
final class HookrelayJar {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private HookrelayJar() {
    }

    static CliRun run(Path workDir, String... arguments) {
        Path jar = Path.of(System.getProperty("hookrelay.jar", "../app/target/hookrelay.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("build the jar first (mvn package): " + jar.toAbsolutePath());
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toAbsolutePath().toString()));
        command.addAll(List.of(arguments));
        try {
            Path out = Files.createTempFile(workDir, "hookrelay-out", ".log");
            Path err = Files.createTempFile(workDir, "hookrelay-err", ".log");
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().keySet().removeIf(name -> name.startsWith("HOOKRELAY_"));
            Process process = builder.start();
            if (!process.waitFor(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("hookrelay " + String.join(" ", arguments) + " did not end within " + PATIENCE);
            }
            return new CliRun(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for hookrelay", e);
        }
    }
}
