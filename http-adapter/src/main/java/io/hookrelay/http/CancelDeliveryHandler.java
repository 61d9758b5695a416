package io.hookrelay.http;

import io.hookrelay.delivery.Ulids;
import java.util.Objects;

/** {@code POST /api/v1/deliveries/{id}/cancel} → the delivery, cancelled; one that already ended is {@code 409}. */
final class CancelDeliveryHandler implements Endpoint {
    private final ApiOperations operations;

    CancelDeliveryHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = Fields.ulid(request.pathParameter("id"), Ulids.DELIVERY, "delivery");
        request.noBody();
        return Reply.ok(DeliveryJson.of(operations.cancelDelivery(id)));
    }
}
