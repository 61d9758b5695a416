package io.hookrelay.http;

import io.hookrelay.delivery.Ulids;
import java.util.Objects;

/** {@code POST /api/v1/deliveries/{id}/retry} → the delivery, pending and due now; a completed one is {@code 409}. */
final class RetryDeliveryHandler implements Endpoint {
    private final ApiOperations operations;

    RetryDeliveryHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = Fields.ulid(request.pathParameter("id"), Ulids.DELIVERY, "delivery");
        request.noBody();
        return Reply.ok(DeliveryJson.of(operations.retryDelivery(id)));
    }
}
