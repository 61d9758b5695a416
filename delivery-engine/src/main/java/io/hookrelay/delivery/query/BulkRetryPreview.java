package io.hookrelay.delivery.query;

/**
 * What a bulk retry would take, told before it runs: {@code deliveries} of them, or at least that many when
 * {@code more} (counting stops there, so a preview stays cheap on any backlog).
 */
public record BulkRetryPreview(int deliveries, boolean more) {
    public BulkRetryPreview {
        if (deliveries < 0) {
            throw new IllegalArgumentException("a preview counts at least 0 deliveries, not " + deliveries);
        }
    }
}
