package io.hookrelay.http;

import io.hookrelay.delivery.BulkRetryPreview;
import java.util.Objects;

/**
 * {@code POST /api/v1/deliveries/retry} → {@code {"retried":N}}: sends ended deliveries again after an outage; as a
 * dry run → {@code {"would_retry":N,"more":false}}, {@code more} when at least N would.
 */
final class BulkRetryHandler implements Endpoint {
    private final ApiOperations operations;

    BulkRetryHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    record BulkRetryJson(int retried) {
    }

    record BulkRetryPreviewJson(int wouldRetry, boolean more) {
    }

    @Override
    public Reply handle(ApiRequest request) {
        BulkRetryRequest retry = request.jsonBody(BulkRetryRequest.class);
        if (retry.isDryRun()) {
            BulkRetryPreview preview = operations.previewRetryDeliveries(retry.toBulkRetry());
            return Reply.ok(new BulkRetryPreviewJson(preview.deliveries(), preview.more()));
        }
        return Reply.ok(new BulkRetryJson(operations.retryDeliveries(retry.toBulkRetry())));
    }
}
