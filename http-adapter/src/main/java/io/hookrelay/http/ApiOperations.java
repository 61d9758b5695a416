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

/**
 * Everything the HTTP API asks of the relay, one method per use case. The endpoints depend on this seam
 * rather than on the use-case classes so that routing, authentication, parsing, limits and error mapping can
 * be tested without any storage; {@link UseCaseOperations} is the one real implementation.
 */
interface ApiOperations {

    Source createSource(Source source);

    List<Source> listSources();

    Source getSource(String id);

    Source replaceSource(Source source);

    void deleteSource(String id);

    Target createTarget(TargetDraft draft);

    List<TargetView> listTargets();

    TargetView getTarget(String id);

    TargetView replaceTarget(TargetDraft draft);

    void deleteTarget(String id);

    TargetView pauseTarget(String id);

    TargetView rotateSecret(String id, Duration grace, Optional<SignatureScheme> scheme);

    TargetView resumeTarget(String id);

    Route createRoute(String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters);

    List<Route> listRoutes();

    void deleteRoute(String id);

    Page<EventSummary> listEvents(EventFilter filter, PageRequest page);

    Page<EventSummary> eventWithIdempotencyKey(String sourceId, String key);

    EventDetail getEvent(String id);

    List<Delivery> replayEvent(String id);

    Page<Delivery> listDeliveries(DeliveryFilter filter, PageRequest page);

    DeliveryDetail getDelivery(String id);

    Delivery retryDelivery(String id);

    Delivery cancelDelivery(String id);

    int retryDeliveries(BulkRetry request);

    BulkRetryPreview previewRetryDeliveries(BulkRetry request);

    PendingByTarget pendingByTarget();

    Settings getSettings();

    Settings replaceSettings(Settings settings);

    Page<EventDetail> listOperatorEvents(Optional<OperatorEventType> type, PageRequest page);

    /** A snapshot of the database for the client to keep; the caller closes it. */
    BackupAdmin.Download downloadBackup();

    /** A copy the server writes to the new file {@code path} names in its backup directory. */
    BackupAdmin.SavedBackup saveBackup(String path);
}
