package io.hookrelay.storage.sqlite.files;

import java.nio.file.Path;

/**
 * The database holds secrets sealed with a key this start does not have: another key was given, or none is
 * at hand. Starting anyway would send deliveries with signatures no receiver accepts, or make a new key
 * for secrets nothing could open again, so the start is refused before any secret is read.
 */
public class SecretKeyMismatchException extends RuntimeException {
    private SecretKeyMismatchException(String message) {
        super(message);
    }

    static SecretKeyMismatchException otherKey(Path databaseFile, String keyOrigin) {
        return new SecretKeyMismatchException("the secret key from " + keyOrigin + " is not the one the secrets in "
                + databaseFile + " were sealed with; start with the key they were sealed with");
    }

    static SecretKeyMismatchException noKey(Path databaseFile, Path keyFile) {
        return new SecretKeyMismatchException(databaseFile + " holds secrets sealed with a secret key, but " + keyFile
                + " does not exist and no key was given; put back the key file from its backup, or give the key");
    }
}
