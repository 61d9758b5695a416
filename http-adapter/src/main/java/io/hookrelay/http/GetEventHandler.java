package io.hookrelay.http;

import io.hookrelay.delivery.Ulids;
import java.util.Objects;

/** {@code GET /api/v1/events/{id}} → the event with its headers, body and deliveries. */
final class GetEventHandler implements Endpoint {
    private final ApiOperations operations;

    GetEventHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = Fields.ulid(request.pathParameter("id"), Ulids.EVENT, "event");
        return Reply.ok(EventJson.of(operations.getEvent(id)));
    }
}
