package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.error.LoopDetectedException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.error.PayloadTooLargeException;
import io.hookrelay.delivery.error.RateLimitedException;
import io.hookrelay.delivery.error.TenantSuspendedException;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventTypeDrop;
import io.hookrelay.delivery.model.IngestOutcome;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.JsonPointerReader;
import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.port.RelayMetrics;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.usage.UsageMeter;
import io.hookrelay.delivery.usecase.InboundRequest;
import io.hookrelay.delivery.usecase.IngestWebhook;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.StoreException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes in providers' webhooks: admits each by its head (loop guard, source), then checks its body against the
 * source and stores the event and its deliveries in one transaction. The answer's stage completes only once
 * they are durable, so an acknowledged event is on disk with every delivery it owes. Every refusal is decided and
 * counted here, once.
 */
public final class IngestService implements IngestWebhook {
    /** The rate-limit bucket of a tenant's webhooks, under a name no target can have. */
    static final String INGEST_BUCKET = "_ingest";
    private static final Logger LOG = LoggerFactory.getLogger(IngestService.class);

    private final LoopGuard loopGuard;
    private final SourceStore sources;
    private final RouteStore routes;
    private final EventStore events;
    private final FreshEvents freshEvents;
    private final IntentQueue queue;
    private final JsonPointerReader jsonPointer;
    private final Ulids ulids;
    private final RelayMetrics metrics;
    private final Function<ScopedId, Optional<Target>> targets;
    private final Function<TenantId, Optional<Tenant>> tenants;
    private final RateLimits rateLimits;
    private final UsageMeter usage;
    /** Sources whose dropped event types have been logged: once each per process, so a misbehaving provider cannot flood the log. */
    private final Set<ScopedId> loggedDrops = ConcurrentHashMap.newKeySet();

    /**
     * @param targets    where a routed target's ordering is looked up, such as a cache of the target store
     * @param tenants    where a tenant's suspension and quotas are looked up, such as a cache of the tenant store
     * @param rateLimits where each tenant's {@code ingest_per_s} is counted, on every node together
     * @param usage      where each tenant's accepted events are counted, for its usage
     */
    public IngestService(LoopGuard loopGuard, SourceStore sources, RouteStore routes, EventStore events, FreshEvents freshEvents,
                         IntentQueue queue, JsonPointerReader jsonPointer, Ulids ulids, RelayMetrics metrics,
                         Function<ScopedId, Optional<Target>> targets, Function<TenantId, Optional<Tenant>> tenants,
                         RateLimits rateLimits, UsageMeter usage) {
        this.loopGuard = Objects.requireNonNull(loopGuard, "loopGuard");
        this.sources = Objects.requireNonNull(sources, "sources");
        this.routes = Objects.requireNonNull(routes, "routes");
        this.events = Objects.requireNonNull(events, "events");
        this.freshEvents = Objects.requireNonNull(freshEvents, "freshEvents");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.jsonPointer = Objects.requireNonNull(jsonPointer, "jsonPointer");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.rateLimits = Objects.requireNonNull(rateLimits, "rateLimits");
        this.usage = Objects.requireNonNull(usage, "usage");
    }

    @Override
    public Admission admit(String tenantId, String sourceId, Optional<String> hopsHeader, Optional<String> relaysHeader) {
        try {
            loopGuard.check(hopsHeader, relaysHeader);
        } catch (LoopDetectedException e) {
            metrics.ingested(IngestOutcome.LOOP_DETECTED);
            throw e;
        }
        Optional<TenantId> tenant = ResourceIds.isValid(tenantId) ? Optional.of(TenantId.of(tenantId)) : Optional.empty();
        Optional<Tenant> owner = tenant.flatMap(tenants);
        Optional<Source> source = owner.isPresent() && ResourceIds.isValid(sourceId)
                ? sources.find(tenant.get(), sourceId)
                : Optional.empty();
        if (source.isEmpty()) {
            metrics.ingested(IngestOutcome.UNKNOWN_SOURCE);
            // Not echoing the id: this endpoint answers anyone on the network.
            throw new NotFoundException("unknown_source", "no source with this id");
        }
        if (owner.get().suspended()) {
            metrics.ingested(tenant.get(), IngestOutcome.TENANT_SUSPENDED);
            throw new TenantSuspendedException(tenant.get().value());
        }
        owner.get().quotas().ingestPerSecond().ifPresent(perSecond -> takeIngestToken(tenant.get(), perSecond));
        return new Admitted(tenant.get(), source.get());
    }

    /** @throws RateLimitedException when the tenant's webhooks of the last second used up its quota */
    private void takeIngestToken(TenantId tenant, int perSecond) {
        RateLimit limit = new RateLimit(Math.min(perSecond, RateLimit.FASTEST));
        Optional<Duration> wait = rateLimits.take(new ScopedId(tenant, INGEST_BUCKET), limit, queue.clock().instant());
        if (wait.isPresent()) {
            metrics.ingested(tenant, IngestOutcome.RATE_LIMITED);
            throw new RateLimitedException("tenant " + tenant + " takes at most " + perSecond + " webhooks a second", wait.get());
        }
    }

    /** A webhook admitted to {@code source}; the source read at admission is the one its body is checked against. */
    private final class Admitted implements Admission {
        private final TenantId tenant;
        private final Source source;

        Admitted(TenantId tenant, Source source) {
            this.tenant = tenant;
            this.source = source;
        }

        @Override
        public int maxBodyBytes() {
            return source.maxBodyBytes();
        }

        @Override
        public PayloadTooLargeException bodyTooLarge() {
            return tooLarge(tenant, source);
        }

        @Override
        public CompletionStage<IngestResult> ingest(InboundRequest request) {
            CompletionStage<IngestResult> stored;
            try {
                stored = store(tenant, source, request);
            } catch (RuntimeException refused) {
                stored = CompletableFuture.failedStage(refused);
            }
            return stored.whenComplete((result, failure) -> count(tenant, result, failure));
        }
    }

    private CompletionStage<IngestResult> store(TenantId tenant, Source source, InboundRequest request) {
        if (request.body().length > source.maxBodyBytes()) {
            throw tooLarge(tenant, source);
        }
        // Stores keep milliseconds; the event handed on is then the event as it will read back.
        Instant now = queue.clock().instant().truncatedTo(ChronoUnit.MILLIS);
        SignatureVerifier.of(source.verify().scheme()).verify(source.verify(), request, now);
        Optional<String> idempotencyKey = InboundFields.idempotencyKey(source, request, jsonPointer);
        Optional<String> eventType = InboundFields.eventType(source.eventType(), request, jsonPointer,
                reason -> eventTypeDropped(tenant, source, reason));
        Event event = new Event(ulids.next(Ulids.EVENT, now), source.id(), eventType, now, request.contentType(),
                InboundFields.storedHeaders(source, request), request.body());
        List<NewDelivery> deliveries = Fanout.deliveries(tenant, event, routes.forSource(tenant, source.id()), jsonPointer, ulids,
                targetId -> targets.apply(new ScopedId(tenant, targetId)));
        return events.store(tenant, event, idempotencyKey, deliveries, now).thenApply(result -> {
            if (!result.duplicate() && result.deliveries() > 0) {
                freshEvents.hold(event, result.deliveries());
            }
            return result;
        });
    }

    private PayloadTooLargeException tooLarge(TenantId tenant, Source source) {
        metrics.ingested(tenant, IngestOutcome.PAYLOAD_TOO_LARGE);
        return new PayloadTooLargeException("the request body is larger than " + source.maxBodyBytes() + " bytes");
    }

    /**
     * How an ingest ended, counted once; an overlong idempotency key has no outcome of its own and is not. An event
     * stored is counted in its tenant's usage too.
     */
    private void count(TenantId tenant, IngestResult result, Throwable failure) {
        if (failure == null) {
            metrics.ingested(tenant, result.duplicate() ? IngestOutcome.DUPLICATE : IngestOutcome.ACCEPTED);
            if (!result.duplicate()) {
                usage.eventAccepted(tenant);
            }
            return;
        }
        Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
        if (cause instanceof InvalidSignatureException) {
            metrics.ingested(tenant, IngestOutcome.INVALID_SIGNATURE);
        } else if (cause instanceof StoreException) {
            metrics.ingested(tenant, IngestOutcome.UNAVAILABLE);
        }
    }

    /**
     * Counted every time, logged once per source: the operator learns that a source's extraction does not fit
     * what its provider sends. Neither the value nor the body is logged; both came from anyone on the network.
     */
    private void eventTypeDropped(TenantId tenant, Source source, EventTypeDrop reason) {
        metrics.eventTypeDropped(reason);
        if (loggedDrops.add(new ScopedId(tenant, source.id()))) {
            LOG.warn("source {} of tenant {} sent an event whose type could not be used ({}); such events are stored without a type, so only "
                    + "routes without event_types take them. Logged once per source; relay_ingest_event_type_dropped_total "
                    + "counts them all", source.id(), tenant, reason.label());
        }
    }
}
