package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.Event;
import io.hookrelay.delivery.EventStore;
import io.hookrelay.delivery.EventTypeDrop;
import io.hookrelay.delivery.FreshEvents;
import io.hookrelay.delivery.InboundRequest;
import io.hookrelay.delivery.IngestOutcome;
import io.hookrelay.delivery.IngestResult;
import io.hookrelay.delivery.InvalidSignatureException;
import io.hookrelay.delivery.JsonPointerReader;
import io.hookrelay.delivery.NewDelivery;
import io.hookrelay.delivery.NotFoundException;
import io.hookrelay.delivery.PayloadTooLargeException;
import io.hookrelay.delivery.RelayException;
import io.hookrelay.delivery.RelayMetrics;
import io.hookrelay.delivery.ResourceIds;
import io.hookrelay.delivery.RouteStore;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.SourceStore;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.Ulids;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.StoreException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes in one inbound webhook: checks it against its source, then stores the event and its deliveries in
 * one transaction. The caller answers the provider only after this returns, so an acknowledged event is on
 * disk with every delivery it owes.
 */
public final class IngestService {
    private static final Logger LOG = LoggerFactory.getLogger(IngestService.class);

    private final SourceStore sources;
    private final RouteStore routes;
    private final EventStore events;
    private final FreshEvents freshEvents;
    private final IntentQueue queue;
    private final JsonPointerReader jsonPointer;
    private final Ulids ulids;
    private final RelayMetrics metrics;
    private final Function<String, Optional<Target>> targets;
    /** Sources whose dropped event types have been logged: once each per process, so a misbehaving provider cannot flood the log. */
    private final Set<String> loggedDrops = ConcurrentHashMap.newKeySet();

    /** @param targets where a routed target's ordering is looked up, such as a cache of the target store */
    public IngestService(SourceStore sources, RouteStore routes, EventStore events, FreshEvents freshEvents,
                         IntentQueue queue, JsonPointerReader jsonPointer, Ulids ulids, RelayMetrics metrics,
                         Function<String, Optional<Target>> targets) {
        this.sources = Objects.requireNonNull(sources, "sources");
        this.routes = Objects.requireNonNull(routes, "routes");
        this.events = Objects.requireNonNull(events, "events");
        this.freshEvents = Objects.requireNonNull(freshEvents, "freshEvents");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.jsonPointer = Objects.requireNonNull(jsonPointer, "jsonPointer");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.targets = Objects.requireNonNull(targets, "targets");
    }

    /**
     * @throws io.hookrelay.delivery.NotFoundException code unknown_source
     * @throws io.hookrelay.delivery.PayloadTooLargeException over the source's max_body_bytes
     * @throws io.hookrelay.delivery.InvalidSignatureException failed verification
     * @throws io.hookrelay.delivery.InvalidRequestException an idempotency header over 256 characters; an event
     *         type or a key from the body that cannot be used is never a refusal, the event is stored without one
     * @throws StoreException the event could not be stored; nothing was acknowledged
     */
    public IngestResult ingest(String sourceId, InboundRequest request) {
        try {
            IngestResult result = store(sourceId, request);
            metrics.ingested(result.duplicate() ? IngestOutcome.DUPLICATE : IngestOutcome.ACCEPTED);
            return result;
        } catch (RelayException refused) {
            outcomeOf(refused).ifPresent(metrics::ingested);
            throw refused;
        } catch (StoreException unavailable) {
            metrics.ingested(IngestOutcome.UNAVAILABLE);
            throw unavailable;
        }
    }

    private IngestResult store(String sourceId, InboundRequest request) {
        // Stores keep milliseconds; the event handed on is then the event as it will read back.
        Instant now = queue.clock().instant().truncatedTo(ChronoUnit.MILLIS);
        Source source = findSource(sourceId);
        if (request.body().length > source.maxBodyBytes()) {
            throw new PayloadTooLargeException("the body is " + request.body().length + " bytes; this source accepts at most "
                    + source.maxBodyBytes());
        }
        SignatureVerifier.of(source.verify().scheme()).verify(source.verify(), request, now);
        Optional<String> idempotencyKey = InboundFields.idempotencyKey(source, request, jsonPointer);
        Optional<String> eventType = InboundFields.eventType(source.eventType(), request, jsonPointer,
                reason -> eventTypeDropped(source, reason));
        Event event = new Event(ulids.next(Ulids.EVENT, now), source.id(), eventType, now, request.contentType(),
                InboundFields.storedHeaders(source, request), request.body());
        List<NewDelivery> deliveries = Fanout.deliveries(event, routes.forSource(source.id()), jsonPointer, ulids, targets);
        IngestResult result = events.store(event, idempotencyKey, deliveries, now);
        if (!result.duplicate() && result.deliveries() > 0) {
            freshEvents.hold(event, result.deliveries());
        }
        return result;
    }

    /**
     * Counted every time, logged once per source: the operator learns that a source's extraction does not fit
     * what its provider sends. Neither the value nor the body is logged; both came from anyone on the network.
     */
    private void eventTypeDropped(Source source, EventTypeDrop reason) {
        metrics.eventTypeDropped(reason);
        if (loggedDrops.add(source.id())) {
            LOG.warn("source {} sent an event whose type could not be used ({}); such events are stored without a type, so only "
                    + "routes without event_types take them. Logged once per source; relay_ingest_event_type_dropped_total "
                    + "counts them all", source.id(), reason.label());
        }
    }

    /**
     * The message does not echo the id: this endpoint answers anyone on the network, and repeating their
     * input back to them helps nobody who did not already know it.
     */
    private Source findSource(String sourceId) {
        Optional<Source> source = ResourceIds.isValid(sourceId) ? sources.find(sourceId) : Optional.empty();
        return source.orElseThrow(() -> new NotFoundException("unknown_source", "no source with this id"));
    }

    /** How a refusal is counted. {@link IngestOutcome} has no value for an overlong idempotency key, so that is not. */
    private static Optional<IngestOutcome> outcomeOf(RelayException refused) {
        if (refused instanceof NotFoundException) {
            return Optional.of(IngestOutcome.UNKNOWN_SOURCE);
        }
        if (refused instanceof PayloadTooLargeException) {
            return Optional.of(IngestOutcome.PAYLOAD_TOO_LARGE);
        }
        if (refused instanceof InvalidSignatureException) {
            return Optional.of(IngestOutcome.INVALID_SIGNATURE);
        }
        return Optional.empty();
    }
}
