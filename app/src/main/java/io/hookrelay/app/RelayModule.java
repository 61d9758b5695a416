package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.app.metrics.MicrometerRelayMetrics;
import io.hookrelay.app.metrics.TenantActivity;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.admin.AuditLog;
import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.admin.DeliveryAdmin;
import io.hookrelay.delivery.admin.EventAdmin;
import io.hookrelay.delivery.admin.KeySignIn;
import io.hookrelay.delivery.admin.RouteAdmin;
import io.hookrelay.delivery.admin.SettingsAdmin;
import io.hookrelay.delivery.admin.SourceAdmin;
import io.hookrelay.delivery.admin.TargetAdmin;
import io.hookrelay.delivery.admin.TenantAdmin;
import io.hookrelay.delivery.admin.TenantKeyAdmin;
import io.hookrelay.delivery.admin.UsageReport;
import io.hookrelay.delivery.egress.EgressPolicy;
import io.hookrelay.delivery.header.RelayMarker;
import io.hookrelay.delivery.ingest.FreshEvents;
import io.hookrelay.delivery.ingest.IngestService;
import io.hookrelay.delivery.ingest.LoopGuard;
import io.hookrelay.delivery.jdk.JdkWebhookSender;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.RelaySettings;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.delivery.operator.OperatorRoute;
import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.delivery.port.JsonPointerReader;
import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.port.RelayMetrics;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.delivery.port.WebhookSender;
import io.hookrelay.delivery.send.DeliveryHandler;
import io.hookrelay.delivery.send.Directory;
import io.hookrelay.delivery.send.TargetHealth;
import io.hookrelay.delivery.tenant.KeyTokens;
import io.hookrelay.delivery.tenant.Quotas;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.usage.UsageMeter;
import io.hookrelay.delivery.usecase.BackUpDatabase;
import io.hookrelay.delivery.usecase.BrowseEvents;
import io.hookrelay.delivery.usecase.IngestWebhook;
import io.hookrelay.delivery.usecase.KeepAuditLog;
import io.hookrelay.delivery.usecase.ListOperatorEvents;
import io.hookrelay.delivery.usecase.ManageDeliveries;
import io.hookrelay.delivery.usecase.ManageRoutes;
import io.hookrelay.delivery.usecase.ManageSettings;
import io.hookrelay.delivery.usecase.ManageSources;
import io.hookrelay.delivery.usecase.ManageTargets;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import io.hookrelay.delivery.usecase.ManageTenants;
import io.hookrelay.delivery.usecase.ReplayEvents;
import io.hookrelay.delivery.usecase.ReportTenantUsage;
import io.hookrelay.delivery.usecase.SignInWithKeys;
import io.hookrelay.http.ingest.JacksonJsonPointerReader;
import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.IntentQueue;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executors;

/**
 * The relay's use cases and the delivery handler, on the stores of the storage module {@link HookrelayModule} chose;
 * each in-port the adapters call is bound to the use case that does it.
 */
final class RelayModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(JsonPointerReader.class).to(JacksonJsonPointerReader.class).in(Singleton.class);
        bind(ManageSources.class).to(SourceAdmin.class);
        bind(ManageTargets.class).to(TargetAdmin.class);
        bind(ManageRoutes.class).to(RouteAdmin.class);
        bind(BrowseEvents.class).to(EventAdmin.class);
        bind(ReplayEvents.class).to(EventAdmin.class);
        bind(ManageDeliveries.class).to(DeliveryAdmin.class);
        bind(ManageSettings.class).to(SettingsAdmin.class);
        bind(ManageTenants.class).to(TenantAdmin.class);
        bind(ManageTenantKeys.class).to(TenantKeyAdmin.class);
        bind(KeepAuditLog.class).to(AuditLog.class);
        bind(ReportTenantUsage.class).to(UsageReport.class);
        bind(BackUpDatabase.class).to(BackupAdmin.class);
        bind(ListOperatorEvents.class).to(OperatorEvents.class);
    }

    @Provides
    @Singleton
    EgressPolicy egressPolicy(ServeOptions options) {
        return options.egress();
    }

    @Provides
    @Singleton
    WebhookSender webhookSender(EgressPolicy egress) {
        return new JdkWebhookSender(egress);
    }

    @Provides
    @Singleton
    SecureRandom secureRandom() {
        return new SecureRandom();
    }

    @Provides
    @Singleton
    Ulids ulids(Clock clock, SecureRandom random) {
        return new Ulids(clock, random);
    }

    @Provides
    @Singleton
    RelaySettings relaySettings(RelayMarker marker) {
        String version = Optional.ofNullable(RelayModule.class.getPackage().getImplementationVersion()).orElse("dev");
        return new RelaySettings(RelaySettings.DEFAULT_RETRY_AFTER_CAP, version, marker);
    }

    @Provides
    @Singleton
    RelayMetrics relayMetrics(PrometheusMeterRegistry registry, TenantActivity activity) {
        return new MicrometerRelayMetrics(registry, activity);
    }

    @Provides
    @Singleton
    Directory<ScopedId, Target> targetDirectory(TargetStore targets, Clock clock) {
        return new Directory<>(key -> targets.find(key.tenant(), key.id()), Directory.DEFAULT_MAX_AGE, clock);
    }

    @Provides
    @Singleton
    Directory<ScopedId, Source> sourceDirectory(SourceStore sources, Clock clock) {
        return new Directory<>(key -> sources.find(key.tenant(), key.id()), Directory.DEFAULT_MAX_AGE, clock);
    }

    @Provides
    @Singleton
    TargetHealth targetHealth(FailureStreaks streaks, ServeOptions options) {
        return new TargetHealth(streaks, options.autoPauseAfter());
    }

    @Provides
    @Singleton
    DeliveryHandler deliveryHandler(EventStore events, FreshEvents freshEvents, Directory<ScopedId, Target> targets, Directory<ScopedId, Source> sources,
                                    TargetHealth health, DeliverySlots slots, RateLimits rateLimits, IntentQueue queue,
                                    WebhookSender sender, RelaySettings settings, RelayMetrics metrics,
                                    OperatorEvents operatorEvents, Directory<TenantId, Tenant> tenants, UsageMeter usage) {
        return new DeliveryHandler(events, freshEvents, targets, sources, health, slots, rateLimits, queue, sender, settings, metrics,
                operatorEvents, tenants, usage);
    }

    /** Built, not started: {@link HookrelayServer} starts it, and closes it once the workers are done. */
    @Provides
    @Singleton
    UsageMeter usageMeter(TenantUsageStore usage, Clock clock) {
        return new UsageMeter(usage, clock);
    }

    @Provides
    @Singleton
    UsageReport usageReport(TenantUsageStore usage, TenantStore tenants, Clock clock) {
        return new UsageReport(usage, tenants::find, clock);
    }

    /** Outcomes heard from the worker pool are told on a thread of their own, as telling reads and writes the store. */
    @Provides
    @Singleton
    OperatorEvents operatorEvents(EventStore events, DeliveryStore deliveries, SettingsStore settings, TargetAlerts alerts,
                                  Directory<ScopedId, Target> targets, OperatorRoute route, IntentQueue queue, Ulids ulids,
                                  Clock clock, RelayMetrics metrics) {
        return new OperatorEvents(events, deliveries, settings, alerts, targets::find, route,
                target -> queue.store().isPaused(Delivery.KIND, target.key()), ulids, clock,
                Executors.newSingleThreadExecutor(DaemonThreads.named("operator-events")), metrics);
    }

    @Provides
    @Singleton
    OperatorRoute operatorRoute(SettingsStore settings, Directory<ScopedId, Target> targets, Ulids ulids) {
        return new OperatorRoute(settings::read, targets::find, ulids);
    }

    @Provides
    @Singleton
    SettingsAdmin settingsAdmin(SettingsStore settings, TargetStore targets) {
        return new SettingsAdmin(settings, targets);
    }

    @Provides
    @Singleton
    TenantAdmin tenantAdmin(TenantStore tenants, Directory<TenantId, Tenant> directory, Clock clock) {
        return new TenantAdmin(tenants, directory, clock);
    }

    @Provides
    @Singleton
    Quotas quotas(Directory<TenantId, Tenant> tenants) {
        return new Quotas(tenants::find);
    }

    @Provides
    @Singleton
    Directory<TenantId, Tenant> tenantDirectory(TenantStore tenants, Clock clock) {
        return new Directory<>(id -> tenants.find(id.value()), Directory.DEFAULT_MAX_AGE, clock);
    }

    @Provides
    @Singleton
    AuditLog auditLog(AuditStore store, Ulids ulids, Clock clock) {
        return new AuditLog(store, ulids, clock);
    }

    @Provides
    @Singleton
    SignInWithKeys keySignIn(TenantKeyStore keys, TenantStore tenants, Clock clock) {
        return new KeySignIn(keys, tenants, clock, KeySignIn.DEFAULT_MAX_AGE);
    }

    @Provides
    @Singleton
    TenantKeyAdmin tenantKeyAdmin(TenantKeyStore keys, TenantStore tenants, SecureRandom random, Ulids ulids, Clock clock) {
        return new TenantKeyAdmin(keys, tenants, new KeyTokens(random), ulids, clock);
    }

    @Provides
    @Singleton
    IngestWebhook ingestWebhook(ServeOptions options, RelaySettings relay, SourceStore sources, RouteStore routes,
                                EventStore events, FreshEvents freshEvents, IntentQueue queue, JsonPointerReader jsonPointer,
                                Ulids ulids, RelayMetrics metrics, Directory<ScopedId, Target> targets,
                                Directory<TenantId, Tenant> tenants, RateLimits rateLimits, UsageMeter usage) {
        return new IngestService(new LoopGuard(options.maxHops(), relay.marker()), sources, routes, events, freshEvents, queue,
                jsonPointer, ulids, metrics, targets::find, tenants::find, rateLimits, usage);
    }

    /** Shared by ingest, which fills it, and delivery, which takes from it. */
    @Provides
    @Singleton
    FreshEvents freshEvents() {
        return new FreshEvents(FreshEvents.DEFAULT_CAPACITY_BYTES);
    }

    @Provides
    @Singleton
    SourceAdmin sourceAdmin(SourceStore sources, Directory<ScopedId, Source> directory, Quotas quotas) {
        return new SourceAdmin(sources, directory, quotas);
    }

    @Provides
    @Singleton
    TargetAdmin targetAdmin(TargetStore targets, Directory<ScopedId, Target> directory, TargetHealth health, IntentQueue queue,
                            SecureRandom random, EgressPolicy egress, SettingsStore settings, OperatorEvents operatorEvents,
                            RateLimits rateLimits, Quotas quotas) {
        return new TargetAdmin(targets, directory, health, queue, random, egress, settings, operatorEvents, rateLimits, quotas);
    }

    @Provides
    @Singleton
    RouteAdmin routeAdmin(RouteStore routes, SourceStore sources, TargetStore targets, Ulids ulids) {
        return new RouteAdmin(routes, sources, targets, ulids);
    }

    @Provides
    @Singleton
    EventAdmin eventAdmin(EventStore events, DeliveryStore deliveries, RouteStore routes, IntentQueue queue,
                          JsonPointerReader jsonPointer, Ulids ulids, TargetStore targets, OperatorRoute operatorRoute) {
        return new EventAdmin(events, deliveries, routes, queue, jsonPointer, ulids, targets, operatorRoute);
    }

    @Provides
    @Singleton
    DeliveryAdmin deliveryAdmin(DeliveryStore deliveries, IntentQueue queue) {
        return new DeliveryAdmin(deliveries, queue);
    }
}
