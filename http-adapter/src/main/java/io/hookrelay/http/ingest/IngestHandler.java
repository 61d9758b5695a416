package io.hookrelay.http.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hookrelay.delivery.header.HopCount;
import io.hookrelay.delivery.header.RelayMarker;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.usecase.InboundRequest;
import io.hookrelay.delivery.usecase.IngestWebhook;
import io.hookrelay.http.ApiRequest;
import io.hookrelay.http.ErrorBoundary;
import io.hookrelay.http.JsonResponses;
import io.hookrelay.http.RequestBodies;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.SameThreadExecutor;
import io.undertow.util.StatusCodes;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * {@code POST /hooks/{source}}: a provider's webhook, carried to {@link IngestWebhook} and its answer back. The
 * webhook is admitted by its head before any of the body is read, so a refused one holds nothing, and the
 * source's {@code max_body_bytes} bounds what is read. The answer goes out once the event is committed:
 * {@code 202} new, {@code 200} a repeated idempotency key. While the commit is waited for, the exchange holds no
 * thread; the answer is written on the connection's I/O thread.
 *
 * <p>Query parameters are ignored: providers let users paste any URL, and some add their own.
 */
public final class IngestHandler implements HttpHandler {
    private final IngestWebhook ingest;
    private final RequestBodies bodies;

    public IngestHandler(IngestWebhook ingest, RequestBodies bodies) {
        this.ingest = Objects.requireNonNull(ingest, "ingest");
        this.bodies = Objects.requireNonNull(bodies, "bodies");
    }

    /** {@code duplicate} appears, as true, only on the answer to a repeated idempotency key. */
    record IngestJson(String eventId, int deliveries, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean duplicate) {
        static IngestJson of(IngestResult result) {
            return new IngestJson(result.eventId(), result.deliveries(), result.duplicate() ? Boolean.TRUE : null);
        }
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        ApiRequest request = new ApiRequest(exchange);
        IngestWebhook.Admission admission = ingest.admit(tenantOf(request), request.pathParameter("source"),
                request.header(HopCount.HEADER), request.header(RelayMarker.HEADER));
        int limit = Math.min(admission.maxBodyBytes(), Source.LARGEST_MAX_BODY_BYTES);
        bodies.receive(exchange, limit, received -> store(received, request, admission));
    }

    /** The tenant {@code /hooks/{tenant}/{source}} names; {@code /hooks/{source}} is the {@code default} tenant's. */
    private static String tenantOf(ApiRequest request) {
        return request.hasPathParameter("tenant") ? request.pathParameter("tenant") : TenantId.DEFAULT.value();
    }

    private static void store(HttpServerExchange exchange, ApiRequest request, IngestWebhook.Admission admission) {
        if (request.bodyIsOverLimit()) {
            throw admission.bodyTooLarge();
        }
        CompletionStage<IngestResult> stored = admission.ingest(
                new InboundRequest(request.contentType(), request.headers(), request.body()));
        exchange.dispatch(SameThreadExecutor.INSTANCE,
                () -> stored.whenCompleteAsync((result, failure) -> answer(exchange, result, failure), exchange.getIoThread()));
    }

    private static void answer(HttpServerExchange exchange, IngestResult result, Throwable failure) {
        if (failure == null) {
            JsonResponses.send(exchange, result.duplicate() ? StatusCodes.OK : StatusCodes.ACCEPTED, IngestJson.of(result));
        } else {
            ErrorBoundary.answer(exchange, failure instanceof CompletionException ? failure.getCause() : failure);
        }
    }
}
