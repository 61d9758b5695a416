package io.hookrelay.delivery.operator;

import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.DeliveryStore;
import io.hookrelay.delivery.Event;
import io.hookrelay.delivery.EventDetail;
import io.hookrelay.delivery.EventFilter;
import io.hookrelay.delivery.EventStore;
import io.hookrelay.delivery.EventSummary;
import io.hookrelay.delivery.NewDelivery;
import io.hookrelay.delivery.Page;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.RelayMetrics;
import io.hookrelay.delivery.Settings;
import io.hookrelay.delivery.SettingsStore;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.Ulids;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.OutcomeListener;
import io.hookrelay.queue.Settlement;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells operators when a target is paused, when a delivery fails for good, and when a paused target recovers (its
 * first delivery that succeeds once it is resumed). A delivery that fails for good does not break its target: the
 * next one may well succeed, and telling of a recovery after each such failure would only be noise. Each operator event is stored as an event of the reserved source
 * {@value #SOURCE}, which no operator can create, so it is kept, listed, retried and swept like any other event, and
 * is delivered, signed, to the operator target when {@link Settings} names one.
 *
 * <p>Nothing about the operator target itself is told, nor the failure of a delivery of an operator event: either
 * would be delivered where it failed, and could fail again without end. Telling is after the fact and best effort:
 * a store that cannot take the event is logged, and what the event was about has happened all the same.
 */
public final class OperatorEvents implements AutoCloseable {
    /** Not a valid resource id, so no source an operator creates can send events as it. */
    public static final String SOURCE = "_hookrelay";
    /**
     * How old this node's copy of which targets are broken may grow before a successful delivery reads it again, so
     * that a break told of on another node is recovered from here within about that long.
     */
    static final Duration BROKEN_MAX_AGE = Duration.ofSeconds(1);
    /** How long {@link #close} waits for failures heard before it to be told. */
    static final Duration DRAIN_PATIENCE = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(OperatorEvents.class);

    private final EventStore events;
    private final DeliveryStore deliveries;
    private final SettingsStore settings;
    private final TargetAlerts alerts;
    private final Function<String, Optional<Target>> targets;
    private final Ulids ulids;
    private final Clock clock;
    private final ExecutorService background;
    private final RelayMetrics metrics;
    private volatile Broken broken = new Broken(ConcurrentHashMap.newKeySet(), Instant.MIN);

    /**
     * @param targets    looks the operator target up, such as the delivery path's directory
     * @param background where failures heard from the worker pool are told, off its upkeep thread; {@link #close}
     *                   shuts it down
     */
    public OperatorEvents(EventStore events, DeliveryStore deliveries, SettingsStore settings, TargetAlerts alerts,
                          Function<String, Optional<Target>> targets, Ulids ulids, Clock clock, ExecutorService background,
                          RelayMetrics metrics) {
        this.events = Objects.requireNonNull(events, "events");
        this.deliveries = Objects.requireNonNull(deliveries, "deliveries");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.alerts = Objects.requireNonNull(alerts, "alerts");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.background = Objects.requireNonNull(background, "background");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /** Tells of the pause unless the target was paused already. */
    public void targetPaused(String targetId, PauseCause cause) {
        tell(() -> {
            Settings current = settings.read();
            if (current.isOperatorTarget(targetId) || !alerts.paused(targetId)) {
                return;
            }
            broken.targets.add(targetId);
            raise(current, OperatorEventType.TARGET_PAUSED, fields("target_id", targetId, "reason", cause.wire()));
        });
    }

    /** The target may recover from here on, at its next successful delivery. */
    public void targetResumed(String targetId) {
        tell(() -> alerts.resumed(targetId));
    }

    /**
     * Forgets what was told of the target, when it is deleted and again when one is created under its id: an attempt
     * still running at the delete may mark the old target paused after it, and the new one starts with nothing told.
     */
    public void forgetTarget(String targetId) {
        tell(() -> alerts.forget(targetId));
    }

    /** For the worker pool: tells of each delivery that failed for good. */
    public OutcomeListener failures() {
        return (intent, settlement) -> {
            if (intent.kind().equals(Delivery.KIND) && settlement instanceof Settlement.Fail fail) {
                try {
                    background.execute(() -> tell(() -> deliveryFailed(intent, fail.error())));
                } catch (RejectedExecutionException closed) {
                    log.warn("delivery {} failed for good after operator events were closed; it is not told", intent.id());
                }
            }
        };
    }

    private void deliveryFailed(Intent delivery, String error) {
        Settings current = settings.read();
        Optional<Event> event = events.find(delivery.payload());
        if (current.isOperatorTarget(delivery.target()) || event.filter(e -> e.sourceId().equals(SOURCE)).isPresent()) {
            return;
        }
        Map<String, Object> data = fields("target_id", delivery.target(), "delivery_id", delivery.id(), "event_id", delivery.payload());
        event.ifPresent(found -> data.put("source_id", found.sourceId()));
        data.put("attempts", delivery.attempts());
        data.put("error", error);
        raise(current, OperatorEventType.DELIVERY_FAILED, data);
    }

    /**
     * A delivery to the target succeeded: tells of its recovery if it was broken. Called for every delivery, so it
     * reads the store only for targets this node's copy holds broken.
     */
    public void delivered(String targetId) {
        if (!brokenNow().contains(targetId)) {
            return;
        }
        tell(() -> {
            if (!alerts.recovered(targetId)) {
                // Still paused (an attempt that was in flight), or recovered on another node: only the latter is news here.
                if (!alerts.broken().contains(targetId)) {
                    broken.targets.remove(targetId);
                }
                return;
            }
            broken.targets.remove(targetId);
            Settings current = settings.read();
            if (!current.isOperatorTarget(targetId)) {
                raise(current, OperatorEventType.TARGET_RECOVERED, fields("target_id", targetId));
            }
        });
    }

    /** Operator events newest first, each with its deliveries, optionally of one type. */
    public Page<EventDetail> list(Optional<OperatorEventType> type, PageRequest page) {
        EventFilter filter = new EventFilter(Optional.of(SOURCE), type.map(OperatorEventType::wire), Optional.empty(), Optional.empty());
        Page<EventSummary> found = events.list(filter, page);
        List<EventDetail> details = found.items().stream()
                .flatMap(summary -> events.find(summary.id()).stream())
                .map(event -> new EventDetail(event, deliveries.forEvent(event.id())))
                .toList();
        return new Page<>(details, found.nextBefore());
    }

    private Set<String> brokenNow() {
        Broken copy = broken;
        Instant now = clock.instant();
        if (now.isBefore(copy.readAt.plus(BROKEN_MAX_AGE))) {
            return copy.targets;
        }
        synchronized (this) {
            if (broken == copy) {
                try {
                    Set<String> read = ConcurrentHashMap.newKeySet();
                    read.addAll(alerts.broken());
                    broken = new Broken(read, now);
                } catch (RuntimeException unavailable) {
                    log.warn("which targets are broken could not be read: {}", unavailable.getMessage());
                    broken = new Broken(copy.targets, now);
                }
            }
            return broken.targets;
        }
    }

    /** The body's timestamp is the event's as stored, to the millisecond, so the list and the delivery agree. */
    private void raise(Settings current, OperatorEventType type, Map<String, Object> data) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Event event = new Event(ulids.next(Ulids.EVENT, now), SOURCE, Optional.of(type.wire()), now, "application/json",
                Map.of(), OperatorEventBody.of(type, now, data));
        List<NewDelivery> toOperator = current.operatorTarget().flatMap(targets)
                .map(target -> List.of(new NewDelivery(ulids.next(Ulids.DELIVERY), event.id(), target.id(), target.ordering())))
                .orElse(List.of());
        events.store(event, Optional.empty(), toOperator, now);
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

    private record Broken(Set<String> targets, Instant readAt) {
    }
}
