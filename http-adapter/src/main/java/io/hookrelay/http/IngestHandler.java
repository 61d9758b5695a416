package io.hookrelay.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hookrelay.delivery.HopCount;
import io.hookrelay.delivery.InboundRequest;
import io.hookrelay.delivery.IngestOutcome;
import io.hookrelay.delivery.IngestResult;
import io.hookrelay.delivery.LoopDetectedException;
import io.hookrelay.delivery.NotFoundException;
import io.hookrelay.delivery.PayloadTooLargeException;
import io.hookrelay.delivery.RelayMarker;
import io.hookrelay.delivery.RelayMetrics;
import io.hookrelay.delivery.ResourceIds;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.ingest.LoopGuard;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * {@code POST /hooks/{source}}: a provider's webhook. The source is looked up before any of the body is read, so
 * an unknown one costs nothing and its {@code max_body_bytes} bounds what is read (never more than
 * {@link Source#LARGEST_MAX_BODY_BYTES}); the
 * answer comes after the event is committed: {@code 202} new, {@code 200} a repeated idempotency key. A webhook
 * that comes back to this relay, or has looped through relays too often, is refused before either, by its head
 * ({@link LoopGuard}).
 *
 * <p>Refusals made here, before {@code IngestService} sees the request, are counted here, so that
 * {@code relay_ingest_total} counts every refusal once whichever side made it. Query parameters are ignored:
 * providers let users paste any URL, and some add their own.
 */
final class IngestHandler implements Endpoint {
    private final ApiOperations operations;
    private final RelayMetrics metrics;
    private final LoopGuard loopGuard;

    IngestHandler(ApiOperations operations, RelayMetrics metrics, LoopGuard loopGuard) {
        this.operations = Objects.requireNonNull(operations, "operations");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.loopGuard = Objects.requireNonNull(loopGuard, "loopGuard");
    }

    /** {@code duplicate} appears, as true, only on the answer to a repeated idempotency key. */
    record IngestJson(String eventId, int deliveries, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean duplicate) {
        static IngestJson of(IngestResult result) {
            return new IngestJson(result.eventId(), result.deliveries(), result.duplicate() ? Boolean.TRUE : null);
        }
    }

    @Override
    public boolean takesQueryParameter(String name) {
        return true;
    }

    /** The source's {@code max_body_bytes}, once the webhook has passed the loop guard and its source is known. */
    @Override
    public int bodyLimit(ApiRequest request) {
        checkHops(request);
        String sourceId = request.pathParameter("source");
        OptionalInt limit = ResourceIds.isValid(sourceId) ? operations.maxBodyBytes(sourceId) : OptionalInt.empty();
        if (limit.isEmpty()) {
            metrics.ingested(IngestOutcome.UNKNOWN_SOURCE);
            // Not echoing the id: this endpoint answers anyone on the network.
            throw new NotFoundException("unknown_source", "no source with this id");
        }
        return Math.min(limit.getAsInt(), Source.LARGEST_MAX_BODY_BYTES);
    }

    @Override
    public Reply handle(ApiRequest request) {
        IngestResult result = operations.ingest(request.pathParameter("source"),
                new InboundRequest(request.contentType(), request.headers(), body(request)));
        return result.duplicate() ? Reply.ok(IngestJson.of(result)) : Reply.accepted(IngestJson.of(result));
    }

    private void checkHops(ApiRequest request) {
        try {
            loopGuard.check(request.header(HopCount.HEADER), request.header(RelayMarker.HEADER));
        } catch (LoopDetectedException e) {
            metrics.ingested(IngestOutcome.LOOP_DETECTED);
            throw e;
        }
    }

    private byte[] body(ApiRequest request) {
        try {
            return request.body();
        } catch (PayloadTooLargeException e) {
            metrics.ingested(IngestOutcome.PAYLOAD_TOO_LARGE);
            throw e;
        }
    }
}
