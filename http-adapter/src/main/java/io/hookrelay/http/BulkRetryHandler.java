package io.hookrelay.http;

import java.util.Objects;

/** {@code POST /api/v1/deliveries/retry} → {@code {"retried":N}}: sends ended deliveries again after an outage. */
final class BulkRetryHandler implements Endpoint {
    private final ApiOperations operations;

    BulkRetryHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    record BulkRetryJson(int retried) {
    }

    @Override
    public Reply handle(ApiRequest request) {
        BulkRetryRequest retry = request.jsonBody(BulkRetryRequest.class);
        return Reply.ok(new BulkRetryJson(operations.retryDeliveries(retry.toBulkRetry())));
    }
}
