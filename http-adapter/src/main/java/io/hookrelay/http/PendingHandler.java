package io.hookrelay.http;

import io.hookrelay.delivery.PendingByTarget;
import java.util.Map;
import java.util.Objects;

/** {@code GET /api/v1/stats/pending} → {@code {"pending_by_target":{"<target>":N},"more":false}}. */
final class PendingHandler implements Endpoint {
    private final ApiOperations operations;

    PendingHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    record PendingJson(Map<String, Long> pendingByTarget, boolean more) {
    }

    @Override
    public Reply handle(ApiRequest request) {
        PendingByTarget pending = operations.pendingByTarget();
        return Reply.ok(new PendingJson(pending.counts(), pending.more()));
    }
}
