package io.hookrelay.it.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Verifies a delivery with the Standard Webhooks library for JavaScript from the npm registry (pinned in
 * {@code src/test/node/package-lock.json}), run by {@code node} in a child process: an implementation hookrelay did
 * not write, so a mistake shared by hookrelay's signer and its own checks cannot pass unseen. The library is installed
 * with {@code npm ci} into {@code target/} on first use; without node, npm or the registry the test fails, saying so.
 */
public final class NodeStandardWebhooks {
    private static final Path SOURCES = Path.of("src/test/node");
    private static final Path INSTALLED = Path.of("target/node-verifiers");
    private static final List<String> FILES = List.of("package.json", "package-lock.json", "verify-standard-webhooks.js");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static boolean installed;

    private NodeStandardWebhooks() {
    }

    /** @return {@code verified}, or {@code refused: <the library's reason>} */
    public static String verify(String secret, Receiver.Request delivery) {
        install();
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("secret", secret);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String name : List.of("webhook-id", "webhook-timestamp", "webhook-signature")) {
            delivery.header(name).ifPresent(value -> headers.put(name, value));
        }
        message.put("headers", headers);
        message.put("body_base64", Base64.getEncoder().encodeToString(delivery.body()));
        try {
            return run(JSON.writeValueAsBytes(message), "node", "verify-standard-webhooks.js").strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized void install() {
        if (installed) {
            return;
        }
        try {
            Files.createDirectories(INSTALLED);
            // The build's test JVMs share the directory: one installs while the others wait, and a file another is
            // running is never replaced by the same bytes.
            try (FileChannel lockFile = FileChannel.open(INSTALLED.resolve(".install.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock held = lockFile.lock()) {
                for (String file : FILES) {
                    copyIfChanged(SOURCES.resolve(file), INSTALLED.resolve(file));
                }
                if (!Files.isDirectory(INSTALLED.resolve("node_modules/standardwebhooks"))) {
                    run(new byte[0], "npm", "ci", "--no-audit", "--no-fund");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        installed = true;
    }

    private static void copyIfChanged(Path from, Path to) throws IOException {
        if (!Files.exists(to) || Files.mismatch(from, to) != -1) {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String run(byte[] input, String... command) throws IOException {
        Process process;
        try {
            process = new ProcessBuilder(command).directory(INSTALLED.toFile()).redirectErrorStream(true).start();
        } catch (IOException missing) {
            throw new IllegalStateException(command[0] + " is needed to verify signatures with the npm registry's Standard "
                    + "Webhooks library; .ci/run installs Debian's nodejs and npm", missing);
        }
        process.getOutputStream().write(input);
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(1, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not exit after closing its output");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command[0], e);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }
}
