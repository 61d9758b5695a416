package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.error.PayloadTooLargeException;
import io.hookrelay.delivery.model.IngestResult;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Takes in a provider's webhook (DESIGN §4) in two steps, so that an adapter holds nothing for a webhook that is
 * refused by its head: {@link #admit} before any of the body is read, then {@link Admission#ingest} with it. Every
 * rule and every count of an outcome is the use case's; an adapter only carries the request and the answer.
 */
public interface IngestWebhook {

    /**
     * Admits a webhook to {@code tenantId}'s {@code sourceId}, both as the request named them, by its head: the loop guard,
     * then the source. A refusal is counted and thrown; a tenant or source that does not exist, or could not, is one
     * unknown source, so that a caller learns nothing of which tenants exist.
     *
     * @param hopsHeader   the request's {@code X-Hookrelay-Hops}, if it has one
     * @param relaysHeader the request's {@code X-Hookrelay-Relay}, if it has one
     * @throws io.hookrelay.delivery.error.LoopDetectedException the webhook came back to this relay or looped too often
     * @throws io.hookrelay.delivery.error.NotFoundException     code {@code unknown_source}
     * @throws io.hookrelay.delivery.error.TenantSuspendedException the source's tenant is suspended
     * @throws io.hookrelay.delivery.error.RateLimitedException     the tenant's {@code ingest_per_s} is used up for now
     */
    Admission admit(String tenantId, String sourceId, Optional<String> hopsHeader, Optional<String> relaysHeader);

    /** A webhook admitted by its head, waiting for its body. */
    interface Admission {

        /** The most body bytes to read: the source's {@code max_body_bytes}. */
        int maxBodyBytes();

        /**
         * Verifies the webhook and stores the event with its deliveries. Completes once they are durable, never
         * before; completes exceptionally with a {@link io.hookrelay.delivery.error.RelayException} refusal (counted) or
         * a {@link io.hookrelay.queue.StoreException}, having stored nothing.
         */
        CompletionStage<IngestResult> ingest(InboundRequest request);

        /** The refusal, counted, of a body longer than {@link #maxBodyBytes()}, for an adapter that stopped reading it. */
        PayloadTooLargeException bodyTooLarge();
    }
}
