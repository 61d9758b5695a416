package io.hookrelay.http.api;

import io.hookrelay.delivery.model.PendingByTarget;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.BulkRetryPreview;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.usecase.ManageDeliveries;
import io.hookrelay.http.ApiRequest;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code /api/v1/deliveries}: each event's deliveries to its targets, each with its attempt log; retried, one at a time
 * or in bulk after an outage, and cancelled. And {@code GET /api/v1/stats/pending}: how many wait, by target.
 */
final class DeliveryHandlers {
    private static final String DELIVERIES = "/api/v1/deliveries";
    private static final String DELIVERY = DELIVERIES + "/{id}";

    private final ManageDeliveries deliveries;

    DeliveryHandlers(ManageDeliveries deliveries) {
        this.deliveries = Objects.requireNonNull(deliveries, "deliveries");
    }

    void addTo(ApiEndpoints api) {
        api.get(DELIVERIES, Paging.parametersWith("state", "target", "event"), this::list);
        api.post(DELIVERIES + "/retry", this::retryAll);
        api.get(DELIVERY, request -> Reply.ok(DeliveryDetailJson.of(deliveries.get(request.tenant(), id(request)))));
        // A completed delivery is not retried, nor an ended one cancelled: 409.
        api.postAction(DELIVERY + "/retry", DeliveryHandlers::id, (tenant, id) -> Reply.ok(DeliveryJson.of(deliveries.retry(tenant, id))));
        api.postAction(DELIVERY + "/cancel", DeliveryHandlers::id, (tenant, id) -> Reply.ok(DeliveryJson.of(deliveries.cancel(tenant, id))));
        api.get("/api/v1/stats/pending", this::pending);
    }

    record BulkRetryJson(int retried) {
    }

    record BulkRetryPreviewJson(int wouldRetry, boolean more) {
    }

    record PendingJson(Map<String, Long> pendingByTarget, boolean more) {
    }

    /** {@code ?state=&target=&event=&limit=&cursor=} → a page of deliveries, newest first. */
    private Reply list(ApiRequest request) {
        DeliveryFilter filter = new DeliveryFilter(
                request.queryParameter("state").map(state -> Fields.state(state, "state")),
                request.queryParameter("target").map(id -> ResourceIds.require(id, "target")),
                request.queryParameter("event").map(id -> Fields.ulid(id, Ulids.EVENT, "event")));
        return Reply.ok(PageJson.of(deliveries.list(request.tenant(), filter, Paging.pageRequest(request, Ulids.DELIVERY)), DeliveryJson::of));
    }

    /** {@code {"retried":N}}; as a dry run {@code {"would_retry":N,"more":false}}, {@code more} when at least N would. */
    private Reply retryAll(ApiRequest request) {
        BulkRetryRequest retry = request.jsonBody(BulkRetryRequest.class);
        if (retry.isDryRun()) {
            BulkRetryPreview preview = deliveries.previewRetryAll(request.tenant(), retry.toBulkRetry());
            return Reply.okUnchanged(new BulkRetryPreviewJson(preview.deliveries(), preview.more()));
        }
        return Reply.ok(new BulkRetryJson(deliveries.retryAll(request.tenant(), retry.toBulkRetry())));
    }

    /** {@code {"pending_by_target":{"<target>":N},"more":false}}. */
    private Reply pending(ApiRequest request) {
        PendingByTarget pending = deliveries.pendingByTarget(request.tenant());
        return Reply.ok(new PendingJson(pending.counts(), pending.more()));
    }

    private static String id(ApiRequest request) {
        return Fields.ulid(request.pathParameter("id"), Ulids.DELIVERY, "delivery");
    }

    /**
     * A bulk retry: {@code state} is required, because it can send thousands of deliveries again and should say
     * exactly which; {@code target}, {@code since} and {@code until} narrow it. With {@code dry_run} nothing changes:
     * the answer says how many would be retried.
     */
    record BulkRetryRequest(String state, String target, String since, String until, Boolean dryRun) {

        BulkRetry toBulkRetry() {
            return new BulkRetry(Fields.state(Fields.required(state, "state"), "state"),
                    Optional.ofNullable(target).map(id -> ResourceIds.require(id, "target")),
                    Optional.ofNullable(since).map(time -> Fields.rfc3339(time, "since")),
                    Optional.ofNullable(until).map(time -> Fields.rfc3339(time, "until")));
        }

        boolean isDryRun() {
            return Boolean.TRUE.equals(dryRun);
        }
    }
}
