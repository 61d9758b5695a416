package io.hookrelay.http;

import io.hookrelay.delivery.Ulids;
import java.util.List;
import java.util.Objects;

/**
 * {@code POST /api/v1/events/{id}/replay} → {@code 202} with the new deliveries to the source's current
 * routes (none, when no route matches any more); the old deliveries keep their own history.
 */
final class ReplayEventHandler implements Endpoint {
    private final ApiOperations operations;

    ReplayEventHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    record ReplayJson(String eventId, List<DeliveryJson.Ref> deliveries) {
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = Fields.ulid(request.pathParameter("id"), Ulids.EVENT, "event");
        request.noBody();
        return Reply.accepted(new ReplayJson(id, operations.replayEvent(id).stream().map(DeliveryJson.Ref::of).toList()));
    }
}
