package io.hookrelay.storage.postgres.relay;

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
import io.hookrelay.storage.postgres.PostgresDaoRunner;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import io.hookrelay.storage.postgres.schema.IncompatibleSchemaException;
import io.hookrelay.storage.postgres.schema.RelaySchema;
import java.util.Objects;

/**
 * The relay's stores on one {@link PostgresDatabase}, sharing its pool with the queue's store. Opening them
 * adds the relay's tables to the queue's (a migration track of their own) and checks the secret key, so
 * the stores are only handed out once both are right.
 *
 * <p>Nothing is cached: any node may change configuration at any time, so every read goes to the database.
 * For the same reason what the delivery path counts per target, its attempts in flight and its failures in a
 * row, is counted here too, in rows every node shares.
 *
 * <p>{@link #close} stops the threads of the delivery slots' own; the database is closed by its owner afterwards.
 */
public final class PostgresRelayStores implements AutoCloseable {
    private final SourceStore sources;
    private final PostgresTargetStore targets;
    private final PostgresRouteStore routes;
    private final PostgresEventStore events;
    private final PostgresDeliveryStore deliveries;
    private final PostgresRetentionStore retention;
    private final PostgresTenantPurgeStore purge;
    private final PostgresDeliverySlots deliverySlots;
    private final PostgresFailureStreaks failureStreaks;
    private final PostgresRateLimits rateLimits;
    private final SettingsStore settings;
    private final TenantStore tenants;
    private final TenantKeyStore tenantKeys;
    private final TenantUsageStore tenantUsage;
    private final AuditStore audit;
    private final TargetAlerts targetAlerts;
    private final RelayMarker relayMarker;

    private PostgresRelayStores(PostgresDatabase database, PostgresIntentStore intents, SecretCipher secretKey) {
        RelayHandles handles = new RelayHandles(secretKey);
        relayMarker = RelayMarker.of(secretKey);
        PostgresDaoRunner plain = new PostgresDaoRunner(database, handle -> handle::attach);
        sources = new JdbiSourceStore(new PostgresDaoRunner(database, handles::on), PostgresStoredForms.INSTANCE, secretKey,
                database.clock());
        targets = new PostgresTargetStore(database, intents, handles);
        routes = new PostgresRouteStore(database, handles);
        events = new PostgresEventStore(database, intents, handles);
        deliveries = new PostgresDeliveryStore(database, intents, handles);
        retention = new PostgresRetentionStore(database, intents, handles);
        purge = new PostgresTenantPurgeStore(database, intents);
        deliverySlots = new PostgresDeliverySlots(database);
        failureStreaks = new PostgresFailureStreaks(database);
        rateLimits = new PostgresRateLimits(database);
        settings = new JdbiSettingsStore(plain);
        tenants = new JdbiTenantStore(plain);
        tenantKeys = new JdbiTenantKeyStore(plain);
        tenantUsage = new JdbiTenantUsageStore(plain);
        audit = new JdbiAuditStore(plain);
        targetAlerts = new JdbiTargetAlerts(plain);
    }

    /**
     * Applies the relay's migrations and checks {@code secretKey} against the key check in the database: the
     * first node to start records its key's, and every later start must be given the same key.
     *
     * @param intents   the queue's store on the same database, through which every write of intents goes
     * @param secretKey what the secrets are sealed with
     * @throws SecretKeyMismatchException  when the database's secrets are sealed with another key
     * @throws IncompatibleSchemaException when a newer hookrelay migrated the relay's tables
     * @throws StoreException              when the database cannot be used
     */
    public static PostgresRelayStores open(PostgresDatabase database, PostgresIntentStore intents, SecretCipher secretKey) {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(intents, "intents");
        Objects.requireNonNull(secretKey, "secretKey");
        database.migrate(RelaySchema.TRACK);
        String keyCheck = database.transaction("check the secret key", handle -> {
            SecretKeyDao dao = handle.attach(SecretKeyDao.class);
            dao.recordUnlessPresent(secretKey.keyCheck());
            return dao.keyCheck();
        });
        if (!secretKey.opens(keyCheck)) {
            throw new SecretKeyMismatchException(database.location(), secretKey.origin());
        }
        return new PostgresRelayStores(database, intents, secretKey);
    }

    /** The mark of this relay, the same on every node: each was given the key the database's check opens. */
    public RelayMarker relayMarker() {
        return relayMarker;
    }

    public SourceStore sources() {
        return sources;
    }

    public PostgresTargetStore targets() {
        return targets;
    }

    public PostgresRouteStore routes() {
        return routes;
    }

    public PostgresEventStore events() {
        return events;
    }

    public PostgresDeliveryStore deliveries() {
        return deliveries;
    }

    public PostgresRetentionStore retention() {
        return retention;
    }

    public PostgresTenantPurgeStore purge() {
        return purge;
    }

    public PostgresDeliverySlots deliverySlots() {
        return deliverySlots;
    }

    public PostgresFailureStreaks failureStreaks() {
        return failureStreaks;
    }

    public PostgresRateLimits rateLimits() {
        return rateLimits;
    }

    public SettingsStore settings() {
        return settings;
    }

    public TenantStore tenants() {
        return tenants;
    }

    public TenantKeyStore tenantKeys() {
        return tenantKeys;
    }

    public TenantUsageStore tenantUsage() {
        return tenantUsage;
    }

    public AuditStore audit() {
        return audit;
    }

    public TargetAlerts targetAlerts() {
        return targetAlerts;
    }

    /** Ends what waits for a delivery slot and stops asking; idempotent. */
    @Override
    public void close() {
        deliverySlots.close();
    }
}
