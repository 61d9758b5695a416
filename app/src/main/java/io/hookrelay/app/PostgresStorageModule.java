package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.cli.serve.DatabaseUrl;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.header.RelayMarker;
import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.delivery.port.OpenDatabase;
import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.relay.PostgresOpenDatabase;
import io.hookrelay.storage.postgres.relay.PostgresRelayStores;
import java.time.Clock;
import java.util.Optional;

/**
 * Storage in a PostgreSQL database that any number of nodes share ({@code --database}). The admin token and
 * the secret key come from the environment, the same on every node, so nothing is written to a data
 * directory.
 */
final class PostgresStorageModule extends AbstractModule {

    /** Connects and migrates: the one resource wiring acquires, and only once every setting is checked. */
    @Provides
    @Singleton
    PostgresDatabase database(ServeOptions options, StartupSettings settings) {
        DatabaseUrl url = options.database().orElseThrow();
        return PostgresDatabase.openOnDatabaseTime(new PostgresSettings(url.jdbcUrl(), url.user(), url.password(), url.maxConnections()));
    }

    /** The database's: every node of one database decides leases, due times and limits by the same clock (DESIGN §3b). */
    @Provides
    @Singleton
    Clock clock(PostgresDatabase database) {
        return database.clock();
    }

    /** What the server closes: the relay stores' threads, the queue store's, then the pool. */
    @Provides
    @Singleton
    OpenDatabase openDatabase(PostgresDatabase database, PostgresIntentStore intents, PostgresRelayStores relay) {
        return new PostgresOpenDatabase(database, intents, relay);
    }

    @Provides
    @Singleton
    PostgresIntentStore postgresIntentStore(PostgresDatabase database) {
        return new PostgresIntentStore(database);
    }

    @Provides
    @Singleton
    IntentStore intentStore(PostgresIntentStore intents) {
        return intents;
    }

    @Provides
    @Singleton
    RelayMarker relayMarker(PostgresRelayStores stores) {
        return stores.relayMarker();
    }

    /**
     * Opened before the {@link OpenDatabase} that owns it exists, so if opening fails (a wrong secret key) the
     * server has nothing to close yet: the queue store and the pool are closed here.
     */
    @Provides
    @Singleton
    PostgresRelayStores relayStores(PostgresDatabase database, PostgresIntentStore intents, StartupSettings settings) {
        try {
            return PostgresRelayStores.open(database, intents, settings.secretKey().orElseThrow());
        } catch (RuntimeException e) {
            try (database) {
                intents.close();
            } catch (RuntimeException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
    }

    @Provides
    @Singleton
    SourceStore sourceStore(PostgresRelayStores stores) {
        return stores.sources();
    }

    @Provides
    @Singleton
    TargetStore targetStore(PostgresRelayStores stores) {
        return stores.targets();
    }

    @Provides
    @Singleton
    RouteStore routeStore(PostgresRelayStores stores) {
        return stores.routes();
    }

    @Provides
    @Singleton
    EventStore eventStore(PostgresRelayStores stores) {
        return stores.events();
    }

    @Provides
    @Singleton
    DeliveryStore deliveryStore(PostgresRelayStores stores) {
        return stores.deliveries();
    }

    @Provides
    @Singleton
    RetentionStore retentionStore(PostgresRelayStores stores) {
        return stores.retention();
    }

    @Provides
    @Singleton
    TenantPurgeStore tenantPurgeStore(PostgresRelayStores stores) {
        return stores.purge();
    }

    /** Counted in the database: every node's attempts to a target share its {@code max_in_flight}. */
    @Provides
    @Singleton
    DeliverySlots deliverySlots(PostgresRelayStores stores) {
        return stores.deliverySlots();
    }

    /** In the database: every node takes from one bucket per target. */
    @Provides
    @Singleton
    RateLimits rateLimits(PostgresRelayStores stores) {
        return stores.rateLimits();
    }

    /** Counted in the database: every node's failures make one target's streak. */
    @Provides
    @Singleton
    FailureStreaks failureStreaks(PostgresRelayStores stores) {
        return stores.failureStreaks();
    }

    @Provides
    @Singleton
    SettingsStore settingsStore(PostgresRelayStores stores) {
        return stores.settings();
    }

    @Provides
    @Singleton
    TenantStore tenantStore(PostgresRelayStores stores) {
        return stores.tenants();
    }

    @Provides
    @Singleton
    TenantKeyStore tenantKeyStore(PostgresRelayStores stores) {
        return stores.tenantKeys();
    }

    /** In the database: every node adds its own counts to the same rows. */
    @Provides
    @Singleton
    TenantUsageStore tenantUsageStore(PostgresRelayStores stores) {
        return stores.tenantUsage();
    }

    @Provides
    @Singleton
    AuditStore auditStore(PostgresRelayStores stores) {
        return stores.audit();
    }

    /** In the database: of every node that pauses or delivers to a target at once, one tells of it. */
    @Provides
    @Singleton
    TargetAlerts targetAlerts(PostgresRelayStores stores) {
        return stores.targetAlerts();
    }

    @Provides
    @Singleton
    AdminTokenFile adminTokenFile(StartupSettings settings) {
        return new AdminTokenFile(settings.adminToken().orElseThrow(), Optional.empty(), false);
    }
}
