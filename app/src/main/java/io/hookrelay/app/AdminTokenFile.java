package io.hookrelay.app;

import io.hookrelay.cli.common.Defaults;
import io.hookrelay.storage.sqlite.files.OwnerOnlyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * The management API's admin token: {@code HOOKRELAY_ADMIN_TOKEN} when the operator set one, otherwise the
 * contents of {@code <data-dir>/admin.token}, generated on first start. The file is created owner-only
 * (0600) before a byte is written, so there is no moment in which another user could read the token, and the
 * CLI on the same machine finds it without the operator copying it anywhere.
 */
record AdminTokenFile(String token, Optional<Path> file, boolean createdNow) {
    private static final int TOKEN_BYTES = 32;
    private static final int SHORTEST_TOKEN = 16;

    AdminTokenFile {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(file, "file");
    }

    /**
     * @param fromEnvironment {@code HOOKRELAY_ADMIN_TOKEN}, if set
     * @throws IllegalArgumentException when the given or stored token is too short to be a secret
     */
    static AdminTokenFile resolve(Optional<String> fromEnvironment, Path dataDir, SecureRandom random) {
        if (fromEnvironment.isPresent()) {
            return new AdminTokenFile(requireStrong(fromEnvironment.get().strip(), "HOOKRELAY_ADMIN_TOKEN"), Optional.empty(), false);
        }
        Path file = dataDir.resolve(Defaults.ADMIN_TOKEN_FILE);
        try {
            if (Files.exists(file)) {
                return new AdminTokenFile(requireStrong(Files.readString(file, StandardCharsets.UTF_8).strip(), file.toString()), Optional.of(file), false);
            }
            byte[] secret = new byte[TOKEN_BYTES];
            random.nextBytes(secret);
            String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
            writeOwnerOnly(file, token);
            return new AdminTokenFile(token, Optional.of(file), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the admin token file " + file, e);
        }
    }

    private static void writeOwnerOnly(Path file, String token) throws IOException {
        try {
            OwnerOnlyFiles.createFile(file);
        } catch (FileAlreadyExistsException raced) {
            throw new IOException("admin token file appeared while it was being created", raced);
        }
        Files.writeString(file, token + "\n", StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
    }

    private static String requireStrong(String token, String where) {
        weakness(token, where).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        return token;
    }

    /** What is wrong with {@code token} as an admin token, naming {@code where} it came from, never the token. */
    static Optional<String> weakness(String token, String where) {
        return token.length() < SHORTEST_TOKEN
                ? Optional.of("the admin token from " + where + " must be at least " + SHORTEST_TOKEN + " characters")
                : Optional.empty();
    }

    @Override
    public String toString() {
        return "AdminTokenFile[file=" + file + ", createdNow=" + createdNow + ", token=(hidden)]";
    }
}
