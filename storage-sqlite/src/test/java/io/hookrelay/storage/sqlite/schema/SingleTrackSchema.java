package io.hookrelay.storage.sqlite.schema;

import io.hookrelay.delivery.signing.SecretCipher;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import org.jdbi.v3.core.Handle;

/**
 * Databases as hookrelay made them before its schema was split into tracks: the steps of the one numbered
 * list, as released, in {@code single-track-schema/<version>.sql}, recorded in {@code schema_migrations}.
 */
final class SingleTrackSchema {
    static final int LATEST = 8;
    private static final int SEALED_SECRETS = 7;
    private static final SecureRandom RANDOM = new SecureRandom();

    private SingleTrackSchema() {
    }

    /**
     * Applies the steps up to {@code version}. Step 7 of that list sealed the secrets stored until then with a
     * key and recorded its check; the databases made here hold none, so only the check is recorded.
     */
    static void migrateTo(Handle handle, int version, long appliedAt) {
        handle.attach(MigrationDao.class).createSingleTrackTableIfMissing();
        for (int step = 1; step <= version; step++) {
            handle.createScript(sql(step)).execute();
            if (step == SEALED_SECRETS) {
                String keyCheck = SecretCipher.fromBase64(SecretCipher.newKey(RANDOM), "an older start", RANDOM).keyCheck();
                handle.execute("INSERT INTO secret_key_check (id, value) VALUES (1, ?)", keyCheck);
            }
            handle.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", step, appliedAt + step);
        }
    }

    private static String sql(int step) {
        try (InputStream in = SingleTrackSchema.class.getResourceAsStream("/single-track-schema/" + step + ".sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
