package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.header.RelayMarker;
import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.jdbi.JdbiSettingsStore;
import io.hookrelay.storage.jdbi.JdbiSourceStore;
import io.hookrelay.storage.jdbi.JdbiTargetAlerts;
import io.hookrelay.storage.jdbi.tenant.JdbiAuditStore;
import io.hookrelay.storage.jdbi.tenant.JdbiTenantKeyStore;
import io.hookrelay.storage.jdbi.tenant.JdbiTenantStore;
import io.hookrelay.storage.jdbi.tenant.JdbiTenantUsageStore;
import io.hookrelay.storage.sqlite.connection.AttachedHandle;
import io.hookrelay.storage.sqlite.files.DataDirectoryLockedException;
import io.hookrelay.storage.sqlite.files.SecretKeyFile;
import io.hookrelay.storage.sqlite.files.SecretKeyMismatchException;
import io.hookrelay.storage.sqlite.schema.ForeignDatabaseException;
import io.hookrelay.storage.sqlite.schema.IncompatibleDatabaseException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A data directory opened for the relay: the queue's {@link SqliteDatabase}, with the relay's tables on it,
 * the key the relay's secrets are sealed with and the cache of its configuration. The relay's stores are
 * built on this, the intent store and everything about the file itself (backups, sizes, readiness) on
 * {@link #database()}, which is one database with one writer, so a relay store's write and the queue's can
 * share a transaction.
 *
 * <p>It is a class of its own rather than an option of {@code SqliteDatabase} so that the classes the queue
 * loads never name a delivery type: an application that embeds only the queue runs without delivery-engine on
 * its class path and gets no relay table, and a relay store cannot be built on a database without them.
 */
public final class SqliteRelayDatabase implements AutoCloseable {
    private final SqliteDatabase database;
    private final SecretCipher secrets;
    private final ConfigCache config = new ConfigCache();

    private SqliteRelayDatabase(SqliteDatabase database, SecretCipher secrets) {
        this.database = database;
        this.secrets = secrets;
    }

    /**
     * Opens the directory as {@link SqliteDatabase#open(Path)} does, after taking the key secrets are sealed
     * with from {@code <dataDir>/secret.key} (see {@link SecretKeyFile}), and applies the relay's migrations
     * after the queue's.
     *
     * @throws DataDirectoryLockedException   when another process, or another open database in this one,
     *                                        holds the directory
     * @throws IncompatibleDatabaseException when a newer hookrelay has migrated the database
     * @throws ForeignDatabaseException      when the database file is some other program's
     * @throws SecretKeyMismatchException    when the database's secrets were sealed with another key
     * @throws StoreException                 when the directory or database cannot be used
     */
    public static SqliteRelayDatabase open(Path dataDir) {
        return open(dataDir, Clock.systemUTC());
    }

    /**
     * {@link #open(Path)}, with the clock that stamps when migrations were applied and when configuration
     * (sources, targets, routes) was written, whose ports take no time of their own.
     */
    public static SqliteRelayDatabase open(Path dataDir, Clock clock) {
        return open(dataDir, clock, Optional.empty());
    }

    /**
     * {@link #open(Path, Clock)}, with the key the secrets are sealed with given rather than kept in
     * {@code <dataDir>/secret.key} (which is then neither read nor made).
     */
    public static SqliteRelayDatabase open(Path dataDir, Clock clock, Optional<SecretCipher> secretKey) {
        RelayOpening opening = new RelayOpening(secretKey);
        SqliteDatabase database = SqliteDatabase.open(dataDir, clock, opening);
        return new SqliteRelayDatabase(database, opening.secrets());
    }

    /** The database itself, for the intent store and for what concerns the file rather than the relay's rows. */
    public SqliteDatabase database() {
        return database;
    }

    /** Sources, whose reads are answered from memory until the next write of configuration. */
    public SourceStore sourceStore() {
        return new JdbiSourceStore(new SqliteConfigRunner(this), SqliteStoredForms.INSTANCE, secrets, clock());
    }

    public SettingsStore settingsStore() {
        return new JdbiSettingsStore(new SqliteDaoRunner(database));
    }

    public TenantStore tenantStore() {
        return new JdbiTenantStore(new SqliteConfigRunner(this));
    }

    public TenantKeyStore tenantKeyStore() {
        return new JdbiTenantKeyStore(new SqliteDaoRunner(database));
    }

    public TenantUsageStore tenantUsageStore() {
        return new JdbiTenantUsageStore(new SqliteDaoRunner(database));
    }

    public AuditStore auditStore() {
        return new JdbiAuditStore(new SqliteDaoRunner(database));
    }

    /** In the data directory rather than in memory, so a restart neither tells of a pause again nor forgets a recovery owed. */
    public TargetAlerts targetAlerts() {
        return new JdbiTargetAlerts(new SqliteDaoRunner(database));
    }

    /** Closes {@link #database()}; idempotent. */
    @Override
    public void close() {
        database.close();
    }

    /** See {@link SqliteDatabase#write}. */
    <T> T write(String operation, Function<AttachedHandle, T> work) {
        return database.write(operation, work);
    }

    /** See {@link SqliteDatabase#read}. */
    <T> T read(String operation, Function<AttachedHandle, T> work) {
        return database.read(operation, work);
    }

    /** {@link #write} for sources, targets and routes: their cached reads are dropped once it is done. */
    <T> T writeConfig(String operation, Function<AttachedHandle, T> work) {
        return changingConfig(() -> write(operation, work));
    }

    /** Runs a configuration write made some other way (through the intent store's transactions) as {@link #writeConfig} does. */
    <T> T changingConfig(Supplier<T> write) {
        try {
            return write.get();
        } finally {
            config.invalidate();
        }
    }

    /**
     * {@link #read} for sources, targets and routes, answered from memory until the next
     * {@link #writeConfig}; see {@link ConfigCache}.
     */
    <T> T readConfig(String operation, List<String> key, Function<AttachedHandle, T> work) {
        return config.get(key, () -> read(operation, work));
    }

    Clock clock() {
        return database.clock();
    }

    /** The mark of this relay, from the secret key it opened the database with. */
    public RelayMarker relayMarker() {
        return RelayMarker.of(secrets);
    }

    /** What the stores seal secrets with before they are written; the row mappers open them. */
    SecretCipher secrets() {
        return secrets;
    }
}
