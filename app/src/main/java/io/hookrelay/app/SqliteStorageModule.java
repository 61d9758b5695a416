package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hookrelay.app.metrics.SqliteFileMetrics;
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
import io.hookrelay.queue.time.SteadyClock;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteDeliveryStore;
import io.hookrelay.storage.sqlite.SqliteEventStore;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import io.hookrelay.storage.sqlite.SqliteOpenDatabase;
import io.hookrelay.storage.sqlite.SqliteRelayDatabase;
import io.hookrelay.storage.sqlite.SqliteRetentionStore;
import io.hookrelay.storage.sqlite.SqliteTenantPurgeStore;
import io.hookrelay.storage.sqlite.SqliteRouteStore;
import io.hookrelay.storage.sqlite.SqliteTargetStore;
import io.hookrelay.storage.sqlite.inprocess.InProcessDeliverySlots;
import io.hookrelay.storage.sqlite.inprocess.InProcessFailureStreaks;
import io.hookrelay.storage.sqlite.inprocess.InProcessRateLimits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.security.SecureRandom;
import java.time.Clock;

/**
 * Storage in SQLite, in {@code --data-dir}: the data directory, the stores built on it, and what else
 * lives in the directory (the admin token file) or is only SQLite's (the sizes of its files).
 */
final class SqliteStorageModule extends AbstractModule {

    /**
     * Takes the data directory's lock: the one resource wiring acquires, and the first. Only once every setting
     * is checked, so a start refused for one creates nothing on disk.
     */
    /**
     * The process's own, steadied: one process owns the data directory, so no other clock decides anything of it, and a
     * jump of the machine's clock neither runs live work twice nor holds due work back.
     */
    @Provides
    @Singleton
    Clock clock() {
        return SteadyClock.ofSystem();
    }

    @Provides
    @Singleton
    SqliteRelayDatabase relayDatabase(ServeOptions options, Clock clock, StartupSettings settings) {
        return SqliteRelayDatabase.open(options.dataDir(), clock, settings.secretKey());
    }

    @Provides
    @Singleton
    RelayMarker relayMarker(SqliteRelayDatabase relayDatabase) {
        return relayDatabase.relayMarker();
    }

    /** The same database, for the queue's store and for what concerns the file: closing it closes both. */
    @Provides
    @Singleton
    SqliteDatabase database(SqliteRelayDatabase relayDatabase) {
        return relayDatabase.database();
    }

    @Provides
    @Singleton
    OpenDatabase openDatabase(SqliteDatabase database) {
        return new SqliteOpenDatabase(database);
    }

    @Provides
    @Singleton
    IntentStore intentStore(SqliteDatabase database) {
        return new SqliteIntentStore(database);
    }

    @Provides
    @Singleton
    SourceStore sourceStore(SqliteRelayDatabase database) {
        return database.sourceStore();
    }

    @Provides
    @Singleton
    TargetStore targetStore(SqliteRelayDatabase database) {
        return new SqliteTargetStore(database);
    }

    @Provides
    @Singleton
    RouteStore routeStore(SqliteRelayDatabase database) {
        return new SqliteRouteStore(database);
    }

    @Provides
    @Singleton
    EventStore eventStore(SqliteRelayDatabase database) {
        return new SqliteEventStore(database);
    }

    @Provides
    @Singleton
    DeliveryStore deliveryStore(SqliteRelayDatabase database) {
        return new SqliteDeliveryStore(database);
    }

    @Provides
    @Singleton
    RetentionStore retentionStore(SqliteRelayDatabase database) {
        return new SqliteRetentionStore(database);
    }

    @Provides
    @Singleton
    TenantPurgeStore tenantPurgeStore(SqliteRelayDatabase database) {
        return new SqliteTenantPurgeStore(database);
    }

    @Provides
    @Singleton
    SettingsStore settingsStore(SqliteRelayDatabase database) {
        return database.settingsStore();
    }

    @Provides
    @Singleton
    TenantStore tenantStore(SqliteRelayDatabase database) {
        return database.tenantStore();
    }

    @Provides
    @Singleton
    TenantKeyStore tenantKeyStore(SqliteRelayDatabase database) {
        return database.tenantKeyStore();
    }

    @Provides
    @Singleton
    TenantUsageStore tenantUsageStore(SqliteRelayDatabase database) {
        return database.tenantUsageStore();
    }

    @Provides
    @Singleton
    AuditStore auditStore(SqliteRelayDatabase database) {
        return database.auditStore();
    }

    @Provides
    @Singleton
    TargetAlerts targetAlerts(SqliteRelayDatabase database) {
        return database.targetAlerts();
    }

    /** In memory: this process owns the data directory, so it runs every attempt there is. */
    @Provides
    @Singleton
    DeliverySlots deliverySlots() {
        return new InProcessDeliverySlots();
    }

    /** In memory, as the slots are: this process runs every attempt there is. */
    @Provides
    @Singleton
    RateLimits rateLimits() {
        return new InProcessRateLimits();
    }

    @Provides
    @Singleton
    FailureStreaks failureStreaks() {
        return new InProcessFailureStreaks();
    }

    /** Read or created once the database holds the data directory, so the token file lands in a directory this process owns. */
    @Provides
    @Singleton
    AdminTokenFile adminTokenFile(SqliteDatabase database, StartupSettings settings, SecureRandom random) {
        return AdminTokenFile.resolve(settings.adminToken(), database.dataDir(), random);
    }

    @ProvidesIntoSet
    @Singleton
    MeterBinder fileSizes(SqliteDatabase database) {
        return new SqliteFileMetrics(database);
    }
}
