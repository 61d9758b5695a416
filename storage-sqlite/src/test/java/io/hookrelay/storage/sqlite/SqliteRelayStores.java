package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.testing.RelayStores;
import java.nio.file.Path;
import java.time.Clock;

/** How every SQLite test opens the relay's stores: one database in the data directory, every store on it. */
final class SqliteRelayStores {

    private SqliteRelayStores() {
    }

    /** A new database in {@code dataDir} with every store on it; closing the stores closes the database. */
    static RelayStores open(Path dataDir, Clock clock) {
        return on(SqliteRelayDatabase.open(dataDir, clock));
    }

    static RelayStores on(SqliteRelayDatabase relay) {
        return new RelayStores(relay.sourceStore(), new SqliteTargetStore(relay),
                new SqliteRouteStore(relay), new SqliteEventStore(relay), new SqliteDeliveryStore(relay),
                new SqliteRetentionStore(relay), new SqliteIntentStore(relay.database()), relay.tenantStore(),
                relay.settingsStore(), relay.auditStore(), relay.targetAlerts(), new SqliteTenantPurgeStore(relay), relay::close);
    }
}
