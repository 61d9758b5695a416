package io.hookrelay.delivery.operator;

import io.hookrelay.delivery.header.HopCount;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventDetail;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.RelayMetrics;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.OperatorEventType;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.usecase.ListOperatorEvents;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.pool.OutcomeListener;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells operators when a target is paused, when a delivery fails for good, and when a paused target recovers (its
 * first delivery that succeeds once it is resumed). A delivery that fails for good does not break its target: the
 * next one may well succeed, and telling of a recovery after each such failure would only be noise. Nor is a
 * delivery whose target or event was deleted news: an operator removed what it was for.
 *
 * <p>Each operator event is stored as an event of the reserved source {@value #SOURCE}, which no operator can create,
 * so it is kept, listed, retried and swept like any other event, and is delivered, signed, to the operator target
 * when {@link Settings} names one. It carries the hop count of the webhook whose delivery it tells of, so an operator
 * target that leads back into a relay is stopped by the loop guard like any other.
 *
 * <p>Nothing about the operator target itself is told, nor the failure of a delivery of an operator event: either
 * would be delivered where it failed, and could fail again without end. Telling is after the fact and best effort:
 * a store that cannot take the event is logged, and what the event was about has happened all the same.
 */
public final class OperatorEvents implements ListOperatorEvents, AutoCloseable {
    /**
     * How old this node's copy of which targets are broken may grow before a successful delivery has it read again,
     * so that a break told of on another node is recovered from here.
     */
    static final Duration BROKEN_MAX_AGE = Duration.ofSeconds(1);
    /** How long {@link #close} waits for failures heard before it to be told. */
    static final Duration DRAIN_PATIENCE = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(OperatorEvents.class);

    private final EventStore events;
    private final DeliveryStore deliveries;
    private final SettingsStore settings;
    private final TargetAlerts alerts;
    private final Function<ScopedId, Optional<Target>> targets;
    private final OperatorRoute route;
    private final Predicate<ScopedId> pausedInQueue;
    private final Ulids ulids;
    private final Clock clock;
    private final ExecutorService background;
    private final RelayMetrics metrics;
    private volatile Broken broken = new Broken(ConcurrentHashMap.newKeySet(), Instant.MIN);

    /**
     * @param targets       looks targets up, such as the delivery path's directory
     * @param route         where operator events go
     * @param pausedInQueue whether the queue holds a target's deliveries paused now
     * @param background    where outcomes heard from the worker pool are told, off its upkeep thread; {@link #close}
     *                      shuts it down
     */
    public OperatorEvents(EventStore events, DeliveryStore deliveries, SettingsStore settings, TargetAlerts alerts,
                          Function<ScopedId, Optional<Target>> targets, OperatorRoute route, Predicate<ScopedId> pausedInQueue,
                          Ulids ulids, Clock clock, ExecutorService background, RelayMetrics metrics) {
        this.events = Objects.requireNonNull(events, "events");
        this.deliveries = Objects.requireNonNull(deliveries, "deliveries");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.alerts = Objects.requireNonNull(alerts, "alerts");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.route = Objects.requireNonNull(route, "route");
        this.pausedInQueue = Objects.requireNonNull(pausedInQueue, "pausedInQueue");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.background = Objects.requireNonNull(background, "background");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /**
     * Tells of the pause unless the target was paused already.
     *
     * @param causedBy the webhook whose delivery paused the target, if one did
     */
    public void targetPaused(ScopedId target, PauseCause cause, Optional<Event> causedBy) {
        tell(() -> {
            Settings current = settings.read(target.tenant());
            if (current.isOperatorTarget(target.id()) || !alerts.paused(target)) {
                return;
            }
            broken.targets.add(target);
            raise(target.tenant(), current, OperatorEventType.TARGET_PAUSED, fields("target_id", target.id(), "reason", cause.wire()),
                    causedBy);
        });
    }

    /** The target may recover from here on, at its next successful delivery. */
    public void targetResumed(ScopedId target) {
        tell(() -> alerts.resumed(target));
    }

    /**
     * Forgets what was told of the target, when it is deleted and again when one is created under its id: an attempt
     * still running at the delete may mark the old target paused after it, and the new one starts with nothing told.
     */
    public void forgetTarget(ScopedId target) {
        tell(() -> alerts.forget(target));
    }

    /**
     * For the worker pool: tells of each delivery that failed for good, and of each recovery, once the settlement has
     * landed under its claim's fence. A success reaches the store only for a target this node's copy holds broken,
     * or when that copy is due to be read again.
     */
    public OutcomeListener outcomes() {
        return (intent, settlement) -> {
            if (!intent.kind().equals(Delivery.KIND)) {
                return;
            }
            boolean heard = true;
            if (settlement instanceof Settlement.Fail fail) {
                heard = inBackground(() -> deliveryFailed(intent, fail.error()));
            } else if (settlement instanceof Settlement.Complete && broken.mayHold(ScopedId.ofKey(intent.target()), clock.instant())) {
                heard = inBackground(() -> delivered(intent));
            }
            if (!heard) {
                log.warn("delivery {} settled after operator events were closed; it is not told", intent.id());
            }
        };
    }

    /** @return false when operator events are closed, and {@code telling} will not run */
    private boolean inBackground(Runnable telling) {
        try {
            background.execute(() -> tell(telling));
            return true;
        } catch (RejectedExecutionException closed) {
            return false;
        }
    }

    private void deliveryFailed(Intent delivery, String error) {
        ScopedId target = ScopedId.ofKey(delivery.target());
        Settings current = settings.read(target.tenant());
        Optional<Event> event = events.find(target.tenant(), delivery.payload());
        if (event.isEmpty() || event.get().sourceId().equals(SOURCE) || current.isOperatorTarget(target.id())
                || targets.apply(target).isEmpty()) {
            return;
        }
        Map<String, Object> data = fields("target_id", target.id(), "delivery_id", delivery.id(), "event_id", delivery.payload(),
                "source_id", event.get().sourceId());
        data.put("attempts", delivery.attempts());
        data.put("error", error);
        raise(target.tenant(), current, OperatorEventType.DELIVERY_FAILED, data, event);
    }

    /** A delivery to the target succeeded: tells of its recovery if it was broken. */
    private void delivered(Intent delivery) {
        ScopedId target = ScopedId.ofKey(delivery.target());
        if (!brokenNow().contains(target) || !alerts.recovered(target) && !recoveredFromALostResume(target)) {
            return;
        }
        broken.targets.remove(target);
        Settings current = settings.read(target.tenant());
        if (!current.isOperatorTarget(target.id())) {
            raise(target.tenant(), current, OperatorEventType.TARGET_RECOVERED, fields("target_id", target.id()),
                    events.find(target.tenant(), delivery.payload()));
        }
    }

    /**
     * A target still marked paused is either paused (the success was of an attempt in flight at the pause) or lost the
     * mark of its resume: the write failed, or the resume came between the queue's pause and its mark. The queue says
     * which; a lost resume is marked now, and the target recovers. A target no longer marked at all recovered on
     * another node.
     */
    private boolean recoveredFromALostResume(ScopedId target) {
        if (!alerts.broken().contains(target)) {
            broken.targets.remove(target);
            return false;
        }
        if (pausedInQueue.test(target)) {
            return false;
        }
        alerts.resumed(target);
        return alerts.recovered(target);
    }

    /** Operator events newest first, each with its deliveries, optionally of one type. */
    public Page<EventDetail> list(TenantId tenant, Optional<OperatorEventType> type, PageRequest page) {
        EventFilter filter = new EventFilter(Optional.of(SOURCE), type.map(OperatorEventType::wire), Optional.empty(), Optional.empty());
        Page<EventSummary> found = events.list(tenant, filter, page);
        List<EventDetail> details = found.items().stream()
                .flatMap(summary -> events.find(tenant, summary.id()).stream())
                .map(event -> new EventDetail(event, deliveries.forEvent(tenant, event.id())))
                .toList();
        return new Page<>(details, found.nextBefore());
    }

    /**
     * Once too old, what the store holds broken is added to the copy, never put in its place: a pause marked while
     * the read ran would be lost from it. A target is taken out only once the store says it is not broken.
     */
    private Set<ScopedId> brokenNow() {
        Broken copy = broken;
        Instant now = clock.instant();
        if (!copy.isStale(now)) {
            return copy.targets;
        }
        try {
            copy.targets.addAll(alerts.broken());
        } catch (RuntimeException unavailable) {
            log.warn("which targets are broken could not be read: {}", unavailable.getMessage());
        }
        broken = new Broken(copy.targets, now);
        return copy.targets;
    }

    /** The body's timestamp is the event's as stored, to the millisecond, so the list and the delivery agree. */
    private void raise(TenantId tenant, Settings current, OperatorEventType type, Map<String, Object> data, Optional<Event> causedBy) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Map<String, String> hops = causedBy.flatMap(webhook -> Optional.ofNullable(webhook.headers().get(HopCount.HEADER)))
                .map(count -> Map.of(HopCount.HEADER, count))
                .orElse(Map.of());
        Event event = new Event(ulids.next(Ulids.EVENT, now), SOURCE, Optional.of(type.wire()), now, "application/json",
                hops, OperatorEventBody.of(type, now, data));
        events.store(tenant, event, Optional.empty(), route.deliveriesOf(tenant, current, event.id()), now).toCompletableFuture().join();
        metrics.operatorEvent(type);
    }

    /**
     * Tells the failures heard so far, for up to {@link #DRAIN_PATIENCE}, and no more: close it once the worker pool
     * has stopped and before the store closes.
     */
    @Override
    public void close() {
        background.shutdown();
        try {
            if (!background.awaitTermination(DRAIN_PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("{} failures heard were not told before the store closed", background.shutdownNow().size());
            }
        } catch (InterruptedException e) {
            background.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private static void tell(Runnable telling) {
        try {
            telling.run();
        } catch (CompletionException e) {
            log.warn("an operator event could not be told: {}", e.getCause().getMessage());
        } catch (RuntimeException e) {
            log.warn("an operator event could not be told: {}", e.getMessage());
        }
    }

    private static Map<String, Object> fields(String... namesAndValues) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return fields;
    }

    private record Broken(Set<ScopedId> targets, Instant readAt) {
        boolean isStale(Instant now) {
            return !now.isBefore(readAt.plus(BROKEN_MAX_AGE));
        }

        boolean mayHold(ScopedId target, Instant now) {
            return targets.contains(target) || isStale(now);
        }
    }
}
