package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.jdbi.RelayRowMappers;
import io.hookrelay.storage.sqlite.connection.SqliteConnections;
import io.hookrelay.storage.sqlite.connection.SqliteErrors;
import io.hookrelay.storage.sqlite.connection.SqliteWriter;
import io.hookrelay.storage.sqlite.files.SecretKeyFile;
import io.hookrelay.storage.sqlite.schema.DatabaseProbe;
import io.hookrelay.storage.sqlite.schema.MigrationTrack;
import io.hookrelay.storage.sqlite.schema.QueueMigrations;
import io.hookrelay.storage.sqlite.schema.RelayMigrations;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What opening a data directory for the relay adds to the queue's: the relay's tables, the key its secrets
 * are sealed with (see {@link SecretKeyFile}), and the row mappers of its types, two of which open secrets.
 * One per open: the key is resolved once the database has been probed and is then held.
 */
final class RelayOpening implements SqliteOpening {
    private static final Logger log = LoggerFactory.getLogger(RelayOpening.class);

    private final Optional<SecretCipher> givenKey;
    private SecretCipher secrets;

    RelayOpening(Optional<SecretCipher> givenKey) {
        this.givenKey = Objects.requireNonNull(givenKey, "givenKey");
    }

    @Override
    public List<MigrationTrack> tracks() {
        return List.of(QueueMigrations.TRACK, RelayMigrations.TRACK.withJavaStep(RelayMigrations.SEALS_SECRETS, this::sealSecrets));
    }

    @Override
    public void beforeWriting(Path dataDir, Path databaseFile, DatabaseProbe probe) {
        secrets = SecretKeyFile.resolve(dataDir, givenKey, probe, databaseFile, new SecureRandom());
    }

    @Override
    public void configure(Jdbi jdbi) {
        RelayRowMappers.register(jdbi, SqliteStoredForms.INSTANCE, secrets,
                (row, context) -> TextColumns.parseHeaderLines(row.getString("headers")));
    }

    @Override
    public void afterMigrating(SqliteWriter writer, SqliteConnections connections, DatabaseProbe probe) {
        if (!probe.isNew() && probe.keyCheck().isEmpty()) {
            emptyWal(connections);
        }
        if (probe.keyCheck().filter(check -> !secrets.opens(check)).isPresent()) {
            writer.write("adopt secret key", handle -> {
                handle.attach(SecretKeyDao.class).replaceKeyCheck(secrets.keyCheck());
                return null;
            });
            log.info("{} holds no secret yet; from now on its secrets are sealed with the key from {}",
                    connections.databaseFile(), secrets.origin());
        }
    }

    /** The key resolved when the database was opened. */
    SecretCipher secrets() {
        return secrets;
    }

    /**
     * Step 3 of the relay's tables: every secret stored so far was stored in the clear. Under
     * {@code secure_delete} the clear values' bytes are overwritten rather than left in freed space; the
     * {@code -wal} that still holds them is emptied once the step has committed.
     */
    private void sealSecrets(Handle handle) {
        SecretKeyDao dao = handle.attach(SecretKeyDao.class);
        handle.execute("PRAGMA secure_delete = ON");
        try {
            dao.targetSecrets().forEach((id, secret) -> dao.updateTargetSecret(id, secrets.seal(secret)));
            dao.sourceSecrets().forEach((id, secret) -> dao.updateSourceSecret(id, secrets.seal(secret)));
            dao.recordKeyCheck(secrets.keyCheck());
        } finally {
            handle.execute("PRAGMA secure_delete = OFF");
        }
    }

    /**
     * After the step that sealed secrets an older version stored in the clear: the {@code -wal} still holds
     * pages with them, so its frames are copied into the database and the file cut to nothing. Nothing else
     * has the database open yet, so the checkpoint cannot be held back.
     */
    private static void emptyWal(SqliteConnections connections) {
        try (Connection connection = connections.getConnection();
             Statement statement = connection.createStatement();
             ResultSet checkpoint = statement.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
            if (!checkpoint.next() || checkpoint.getInt(1) != 0) {
                throw new StoreException("cannot empty the -wal of " + connections.databaseFile() + " after sealing its secrets", null);
            }
        } catch (SQLException e) {
            throw SqliteErrors.translate("checkpoint " + connections.databaseFile(), e);
        }
    }
}
