package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.queue.IntentStore;
import java.util.Objects;

/**
 * Every relay store port and the queue's intent store, all on one database, as a store adapter wires them:
 * what a relay store contract runs against.
 *
 * @param closer releases the database behind the stores
 */
public record RelayStores(SourceStore sources, TargetStore targets, RouteStore routes, EventStore events,
        DeliveryStore deliveries, RetentionStore retention, IntentStore intents, TenantStore tenants, SettingsStore settings,
        AuditStore audit, TargetAlerts alerts, TenantPurgeStore purge, Runnable closer)
        implements AutoCloseable {
    public RelayStores {
        Objects.requireNonNull(sources, "sources");
        Objects.requireNonNull(targets, "targets");
        Objects.requireNonNull(routes, "routes");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(deliveries, "deliveries");
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(intents, "intents");
        Objects.requireNonNull(tenants, "tenants");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(alerts, "alerts");
        Objects.requireNonNull(purge, "purge");
        Objects.requireNonNull(closer, "closer");
    }

    @Override
    public void close() {
        closer.run();
    }
}
