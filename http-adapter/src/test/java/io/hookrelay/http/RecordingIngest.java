package io.hookrelay.http;

import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.error.PayloadTooLargeException;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.usecase.InboundRequest;
import io.hookrelay.delivery.usecase.IngestWebhook;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * An {@link IngestWebhook} that admits the sources it has a body limit for, answers each stored webhook as
 * {@code results} says, and records what it was asked and on which threads.
 */
public final class RecordingIngest implements IngestWebhook {
    public final List<String> calls = new CopyOnWriteArrayList<>();
    public final List<String> admitted = new CopyOnWriteArrayList<>();
    public final List<InboundRequest> ingested = new CopyOnWriteArrayList<>();
    public final List<String> threads = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> limits;
    private final Function<String, CompletionStage<IngestResult>> results;

    public RecordingIngest(Map<String, Integer> limits, Function<String, CompletionStage<IngestResult>> results) {
        this.limits = Map.copyOf(limits);
        this.results = results;
    }

    /** Admits {@code limits}' sources; every webhook stored is new, with one delivery. */
    public static RecordingIngest admitting(Map<String, Integer> limits) {
        return new RecordingIngest(limits, source -> CompletableFuture.completedStage(new IngestResult(Samples.EVENT_ID, 1, false)));
    }

    /** Knows no source. */
    public static RecordingIngest none() {
        return admitting(Map.of());
    }

    @Override
    public Admission admit(String tenantId, String sourceId, Optional<String> hopsHeader, Optional<String> relaysHeader) {
        calls.add("admit");
        admitted.add(TenantId.DEFAULT.value().equals(tenantId) ? sourceId : tenantId + "/" + sourceId);
        threads.add(Thread.currentThread().getName());
        Integer limit = limits.get(sourceId);
        if (limit == null) {
            throw new NotFoundException("unknown_source", "no source with this id");
        }
        return new Admission() {
            @Override
            public int maxBodyBytes() {
                return limit;
            }

            @Override
            public CompletionStage<IngestResult> ingest(InboundRequest request) {
                calls.add("ingest");
                ingested.add(request);
                threads.add(Thread.currentThread().getName());
                return results.apply(sourceId);
            }

            @Override
            public PayloadTooLargeException bodyTooLarge() {
                calls.add("bodyTooLarge");
                return new PayloadTooLargeException("the request body is larger than " + limit + " bytes");
            }
        };
    }
}
