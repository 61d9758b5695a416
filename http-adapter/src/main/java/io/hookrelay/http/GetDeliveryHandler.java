package io.hookrelay.http;

import io.hookrelay.delivery.Ulids;
import java.util.Objects;

/** {@code GET /api/v1/deliveries/{id}} → the delivery with its attempt log. */
final class GetDeliveryHandler implements Endpoint {
    private final ApiOperations operations;

    GetDeliveryHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = Fields.ulid(request.pathParameter("id"), Ulids.DELIVERY, "delivery");
        return Reply.ok(DeliveryDetailJson.of(operations.getDelivery(id)));
    }
}
