package io.hookrelay.http;

import io.hookrelay.delivery.BulkRetry;
import io.hookrelay.delivery.BulkRetryPreview;
import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.DeliveryDetail;
import io.hookrelay.delivery.DeliveryFilter;
import io.hookrelay.delivery.EventDetail;
import io.hookrelay.delivery.EventFilter;
import io.hookrelay.delivery.EventSummary;
import io.hookrelay.delivery.Page;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.PayloadFilter;
import io.hookrelay.delivery.PendingByTarget;
import io.hookrelay.delivery.Route;
import io.hookrelay.delivery.Settings;
import io.hookrelay.delivery.SignatureScheme;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.TargetDraft;
import io.hookrelay.delivery.TargetView;
import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.admin.DeliveryAdmin;
import io.hookrelay.delivery.admin.EventAdmin;
import io.hookrelay.delivery.admin.RouteAdmin;
import io.hookrelay.delivery.admin.SettingsAdmin;
import io.hookrelay.delivery.admin.SourceAdmin;
import io.hookrelay.delivery.admin.TargetAdmin;
import io.hookrelay.delivery.operator.OperatorEventType;
import io.hookrelay.delivery.operator.OperatorEvents;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The API's operations, done by delivery-engine's use cases. */
final class UseCaseOperations implements ApiOperations {
    private final SourceAdmin sources;
    private final TargetAdmin targets;
    private final RouteAdmin routes;
    private final EventAdmin events;
    private final DeliveryAdmin deliveries;
    private final BackupAdmin backups;
    private final SettingsAdmin settings;
    private final OperatorEvents operatorEvents;

    UseCaseOperations(SourceAdmin sources, TargetAdmin targets, RouteAdmin routes, EventAdmin events,
                      DeliveryAdmin deliveries, BackupAdmin backups, SettingsAdmin settings, OperatorEvents operatorEvents) {
        this.sources = Objects.requireNonNull(sources, "sources");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.routes = Objects.requireNonNull(routes, "routes");
        this.events = Objects.requireNonNull(events, "events");
        this.deliveries = Objects.requireNonNull(deliveries, "deliveries");
        this.backups = Objects.requireNonNull(backups, "backups");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.operatorEvents = Objects.requireNonNull(operatorEvents, "operatorEvents");
    }

    @Override
    public Settings getSettings() {
        return settings.get();
    }

    @Override
    public Settings replaceSettings(Settings replacement) {
        return settings.replace(replacement);
    }

    @Override
    public Page<EventDetail> listOperatorEvents(Optional<OperatorEventType> type, PageRequest page) {
        return operatorEvents.list(type, page);
    }

    @Override
    public Source createSource(Source source) {
        return sources.create(source);
    }

    @Override
    public List<Source> listSources() {
        return sources.list();
    }

    @Override
    public Source getSource(String id) {
        return sources.get(id);
    }

    @Override
    public Source replaceSource(Source source) {
        return sources.replace(source);
    }

    @Override
    public void deleteSource(String id) {
        sources.delete(id);
    }

    @Override
    public Target createTarget(TargetDraft draft) {
        return targets.create(draft);
    }

    @Override
    public List<TargetView> listTargets() {
        return targets.list();
    }

    @Override
    public TargetView getTarget(String id) {
        return targets.get(id);
    }

    @Override
    public TargetView replaceTarget(TargetDraft draft) {
        return targets.replace(draft);
    }

    @Override
    public void deleteTarget(String id) {
        targets.delete(id);
    }

    @Override
    public TargetView pauseTarget(String id) {
        return targets.pause(id);
    }

    @Override
    public TargetView rotateSecret(String id, Duration grace, Optional<SignatureScheme> scheme) {
        return targets.rotateSecret(id, grace, scheme);
    }

    @Override
    public TargetView resumeTarget(String id) {
        return targets.resume(id);
    }

    @Override
    public Route createRoute(String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters) {
        return routes.create(sourceId, targetId, eventTypes, filters);
    }

    @Override
    public List<Route> listRoutes() {
        return routes.list();
    }

    @Override
    public void deleteRoute(String id) {
        routes.delete(id);
    }

    @Override
    public Page<EventSummary> listEvents(EventFilter filter, PageRequest page) {
        return events.list(filter, page);
    }

    @Override
    public Page<EventSummary> eventWithIdempotencyKey(String sourceId, String key) {
        return events.withIdempotencyKey(sourceId, key);
    }

    @Override
    public EventDetail getEvent(String id) {
        return events.get(id);
    }

    @Override
    public List<Delivery> replayEvent(String id) {
        return events.replay(id);
    }

    @Override
    public Page<Delivery> listDeliveries(DeliveryFilter filter, PageRequest page) {
        return deliveries.list(filter, page);
    }

    @Override
    public DeliveryDetail getDelivery(String id) {
        return deliveries.get(id);
    }

    @Override
    public Delivery retryDelivery(String id) {
        return deliveries.retry(id);
    }

    @Override
    public Delivery cancelDelivery(String id) {
        return deliveries.cancel(id);
    }

    @Override
    public int retryDeliveries(BulkRetry request) {
        return deliveries.retryAll(request);
    }

    @Override
    public BulkRetryPreview previewRetryDeliveries(BulkRetry request) {
        return deliveries.previewRetryAll(request);
    }

    @Override
    public PendingByTarget pendingByTarget() {
        return deliveries.pendingByTarget();
    }

    @Override
    public BackupAdmin.Download downloadBackup() {
        return backups.download();
    }

    @Override
    public BackupAdmin.SavedBackup saveBackup(String path) {
        return backups.save(path);
    }
}
