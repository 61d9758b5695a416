package io.hookrelay.storage.sqlite.files;

import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.sqlite.schema.DatabaseProbe;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.Optional;

/**
 * The key the database's secrets are sealed with, when none is given: {@code <dataDir>/secret.key}, the
 * base64 of 32 random bytes, made at the first start, owner-only like everything in the directory. It is
 * a file of its own, never a row, so a copy of the database alone opens no secret; and so it must be backed
 * up on its own.
 *
 * <p>A key is only ever made for a database that has no secrets sealed yet. One that has them, with its key
 * file gone, is refused: a new key would open none of them. One that holds no secret at all (no target, no
 * source that verifies) takes whatever key it is given, as there is nothing another key could fail to open.
 */
public final class SecretKeyFile {
    public static final String FILE_NAME = "secret.key";

    private SecretKeyFile() {
    }

    /**
     * @param given the key the caller was given, which takes the place of the file
     * @throws SecretKeyMismatchException when the key is not the one the database's secrets were sealed with,
     *                                    or there is none and they have been
     * @throws IllegalArgumentException   when the key file does not hold a well-formed key
     */
    public static SecretCipher resolve(Path dataDir, Optional<SecretCipher> given, DatabaseProbe database, Path databaseFile,
                                SecureRandom random) {
        SecretCipher key = given.isPresent() ? given.get() : fromFile(dataDir.resolve(FILE_NAME), database, databaseFile, random);
        if (sealedWithAKey(database) && !key.opens(database.keyCheck().get())) {
            throw SecretKeyMismatchException.otherKey(databaseFile, key.origin());
        }
        return key;
    }

    private static SecretCipher fromFile(Path file, DatabaseProbe database, Path databaseFile, SecureRandom random) {
        try {
            if (Files.exists(file)) {
                return SecretCipher.fromBase64(Files.readString(file, StandardCharsets.US_ASCII), file.toString(), random);
            }
            if (sealedWithAKey(database)) {
                throw SecretKeyMismatchException.noKey(databaseFile, file);
            }
            String key = SecretCipher.newKey(random);
            write(file, key);
            return SecretCipher.fromBase64(key, file.toString(), random);
        } catch (IOException e) {
            throw new StoreException("cannot read or create the secret key file " + file, e);
        }
    }

    private static boolean sealedWithAKey(DatabaseProbe database) {
        return database.holdsSecrets() && database.keyCheck().isPresent();
    }

    /**
     * Durably, before any secret is sealed with it: a key lost to a crash would take every secret along. Written
     * beside its name and moved into place, so a crash part-way leaves no half-written key that every later
     * start would refuse; a leftover of such a crash was never used, and is replaced.
     */
    private static void write(Path file, String key) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        Files.createFile(partial, OwnerOnlyFiles.fileMode());
        try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.WRITE)) {
            channel.write(StandardCharsets.US_ASCII.encode(key + "\n"));
            channel.force(true);
        }
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
        try (FileChannel directory = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            directory.force(true);
        }
    }
}
