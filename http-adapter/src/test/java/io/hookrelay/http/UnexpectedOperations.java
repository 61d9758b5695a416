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
import io.hookrelay.delivery.operator.OperatorEventType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Operations that no test expects to run: each call is recorded in {@link #calls} and then fails, so a
 * request that should have been refused before reaching a use case shows up twice, as a 500 and in the
 * list. Tests override the one operation they expect, and {@link #called} records it the same way.
 */
class UnexpectedOperations implements ApiOperations {
    final List<String> calls = new CopyOnWriteArrayList<>();

    /** Records that {@code operation} ran; overrides call it first. */
    final void called(String operation) {
        calls.add(operation);
    }

    private <T> T unexpected(String operation) {
        called(operation);
        throw new UnsupportedOperationException("no test expected " + operation + " to run");
    }

    @Override
    public Source createSource(Source source) {
        return unexpected("createSource");
    }

    @Override
    public List<Source> listSources() {
        return unexpected("listSources");
    }

    @Override
    public Source getSource(String id) {
        return unexpected("getSource");
    }

    @Override
    public Source replaceSource(Source source) {
        return unexpected("replaceSource");
    }

    @Override
    public void deleteSource(String id) {
        unexpected("deleteSource");
    }

    @Override
    public Target createTarget(TargetDraft draft) {
        return unexpected("createTarget");
    }

    @Override
    public List<TargetView> listTargets() {
        return unexpected("listTargets");
    }

    @Override
    public TargetView getTarget(String id) {
        return unexpected("getTarget");
    }

    @Override
    public TargetView replaceTarget(TargetDraft draft) {
        return unexpected("replaceTarget");
    }

    @Override
    public void deleteTarget(String id) {
        unexpected("deleteTarget");
    }

    @Override
    public TargetView pauseTarget(String id) {
        return unexpected("pauseTarget");
    }

    @Override
    public TargetView rotateSecret(String id, Duration grace, Optional<SignatureScheme> scheme) {
        return unexpected("rotateSecret");
    }

    @Override
    public TargetView resumeTarget(String id) {
        return unexpected("resumeTarget");
    }

    @Override
    public Route createRoute(String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters) {
        return unexpected("createRoute");
    }

    @Override
    public List<Route> listRoutes() {
        return unexpected("listRoutes");
    }

    @Override
    public void deleteRoute(String id) {
        unexpected("deleteRoute");
    }

    @Override
    public Page<EventSummary> listEvents(EventFilter filter, PageRequest page) {
        return unexpected("listEvents");
    }

    @Override
    public Page<EventSummary> eventWithIdempotencyKey(String sourceId, String key) {
        return unexpected("eventWithIdempotencyKey");
    }

    @Override
    public EventDetail getEvent(String id) {
        return unexpected("getEvent");
    }

    @Override
    public List<Delivery> replayEvent(String id) {
        return unexpected("replayEvent");
    }

    @Override
    public Page<Delivery> listDeliveries(DeliveryFilter filter, PageRequest page) {
        return unexpected("listDeliveries");
    }

    @Override
    public DeliveryDetail getDelivery(String id) {
        return unexpected("getDelivery");
    }

    @Override
    public Delivery retryDelivery(String id) {
        return unexpected("retryDelivery");
    }

    @Override
    public Delivery cancelDelivery(String id) {
        return unexpected("cancelDelivery");
    }

    @Override
    public int retryDeliveries(BulkRetry request) {
        return unexpected("retryDeliveries");
    }

    @Override
    public BulkRetryPreview previewRetryDeliveries(BulkRetry request) {
        return unexpected("previewRetryDeliveries");
    }

    @Override
    public PendingByTarget pendingByTarget() {
        return unexpected("pendingByTarget");
    }

    @Override
    public Settings getSettings() {
        return unexpected("getSettings");
    }

    @Override
    public Settings replaceSettings(Settings settings) {
        return unexpected("replaceSettings");
    }

    @Override
    public Page<EventDetail> listOperatorEvents(Optional<OperatorEventType> type, PageRequest page) {
        return unexpected("listOperatorEvents");
    }

    @Override
    public BackupAdmin.Download downloadBackup() {
        return unexpected("downloadBackup");
    }

    @Override
    public BackupAdmin.SavedBackup saveBackup(String path) {
        return unexpected("saveBackup");
    }
}
