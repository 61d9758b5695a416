package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A second JVM running one of the test sources' {@code main} classes, for what needs another process. */
public final class ChildJvm implements AutoCloseable {
    private static final Duration POLL = Duration.ofMillis(100);

    private final Process process;
    private final BlockingQueue<String> unread = new LinkedBlockingQueue<>();
    private final List<String> output = new CopyOnWriteArrayList<>();
    private final Thread pump;

    private ChildJvm(Process process) {
        this.process = process;
        pump = new Thread(this::pumpOutput, "child-jvm-output");
        pump.setDaemon(true);
        pump.start();
    }

    public static ChildJvm start(Class<?> mainClass, String... args) throws IOException {
        return start(List.of(), mainClass, args);
    }

    public static ChildJvm start(List<String> jvmOptions, Class<?> mainClass, String... args) throws IOException {
        return start(System.getProperty("java.class.path"), jvmOptions, mainClass, args);
    }

    /** With only {@code classPath}, rather than this JVM's. */
    static ChildJvm startOn(List<Path> classPath, Class<?> mainClass, String... args) throws IOException {
        return start(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()), List.of(), mainClass, args);
    }

    private static ChildJvm start(String classPath, List<String> jvmOptions, Class<?> mainClass, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(command).redirectErrorStream(true).start());
    }

    /** The first line not yet returned that matches, waiting for it up to {@code timeout}. */
    public String awaitLine(Predicate<String> wanted, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            boolean outputEnded = !pump.isAlive();
            String line = unread.poll(Math.min(POLL.toNanos(), Math.max(0, deadline - System.nanoTime())),
                    TimeUnit.NANOSECONDS);
            if (line == null && outputEnded) {
                return fail("the child ended without printing an expected line; its output was:%n%s",
                        String.join(System.lineSeparator(), output));
            }
            if (line == null && System.nanoTime() >= deadline) {
                return fail("the child printed no expected line within %s; its output was:%n%s", timeout,
                        String.join(System.lineSeparator(), output));
            }
            if (line == null) {
                continue;
            }
            if (wanted.test(line)) {
                return line;
            }
        }
    }

    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            fail("the child did not exit within %s; its output was:%n%s", timeout,
                    String.join(System.lineSeparator(), output));
        }
        return process.exitValue();
    }

    List<String> output() {
        return List.copyOf(output);
    }

    /** SIGKILL on Linux: the child gets no chance to clean anything up. */
    public void kill() {
        process.destroyForcibly();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private void pumpOutput() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                output.add(line);
                unread.add(line);
            }
        } catch (IOException e) {
            output.add("(reading the child's output failed: " + e + ")");
        }
    }
}
