package io.hookrelay.delivery.send;

import io.hookrelay.delivery.header.ForwardedHeaders;
import io.hookrelay.delivery.ingest.FreshEvents;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.RelaySettings;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.delivery.operator.PauseCause;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.port.RelayMetrics;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookResponse;
import io.hookrelay.delivery.port.WebhookSender;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.usage.UsageMeter;
import io.hookrelay.queue.AsyncIntentHandler;
import io.hookrelay.queue.AttemptContext;
import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.Completions;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.ScheduleBackoff;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.Verdict;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The handler of kind {@link Delivery#KIND}: POSTs an event to a target, signed, and turns the receiver's
 * answer into the delivery's outcome (DESIGN §4).
 *
 * <p>A delivery intent's target is the target id and its payload the event id. Every attempt that reached
 * the network is counted, and what the receiver answered is reported to the attempt log before the attempt's
 * stage completes.
 *
 * <p>Asynchronous: the exchange runs on the HTTP client's own threads and a worker is held only to read what
 * the attempt needs and sign it. An attempt whose target already has its {@code max_in_flight} out, on any
 * node, waits for a slot of that target without a thread ({@link DeliverySlots}); if the target frees none for
 * {@link #STUCK_PATIENCE}, the attempt goes back to the store for {@link #STUCK_SNOOZE}, its attempt given
 * back, so a target that hangs keeps only its own deliveries waiting, and those behind work due meanwhile. A pause
 * of the target ends those waits too, through {@link PauseEndsSlotWaits} on the queue.
 *
 * <p>The exchange ends on a thread of the HTTP client's; what follows (giving the slot back, then counting the
 * target's streak) runs where {@link DeliverySlots#attemptEnds} says, off those threads when it waits on a
 * database. The slot is given back there before the stage completes, so by the time the delivery's outcome
 * is written and it can be claimed again, its previous attempt holds nothing.
 */
public final class DeliveryHandler implements AsyncIntentHandler {
    /** How long a target may free no slot before what waits for it goes back to the store. */
    static final Duration STUCK_PATIENCE = Duration.ofMillis(250);
    /** How long a delivery given back by a stuck target waits before it is claimed again. */
    static final Duration STUCK_SNOOZE = Duration.ofSeconds(1);
    /** How long a delivery waits when the store could not be read before sending it. */
    static final Duration STORE_BUSY_SNOOZE = Duration.ofSeconds(1);
    /** How long a delivery of a suspended tenant waits before it is claimed again, to see whether it was resumed. */
    static final Duration SUSPENDED_SNOOZE = Duration.ofSeconds(5);
    /** How widely the deliveries a rate limit holds back at once are spread beyond their places in line. */
    static final Duration RATE_LIMITED_SPREAD = Duration.ofMillis(50);

    private final EventStore events;
    private final FreshEvents freshEvents;
    private final Directory<ScopedId, Target> targets;
    private final Directory<ScopedId, Source> sources;
    private final TargetHealth health;
    private final IntentQueue queue;
    private final WebhookSender sender;
    private final RelaySettings settings;
    private final RelayMetrics metrics;
    private final Clock clock;
    private final DeliverySlots inFlight;
    private final RateLimits rateLimits;
    private final OperatorEvents operatorEvents;
    private final Directory<TenantId, Tenant> tenants;
    private final TenantInFlight tenantInFlight;
    private final UsageMeter usage;

    /**
     * @param sources        the sources of the events delivered, for the headers they forward
     * @param operatorEvents told when a failure pauses a target and when a delivery succeeds
     * @param tenants        the tenants of the deliveries, whose suspension holds them
     * @param usage          where each attempt that reached the network is counted, for its tenant's usage
     */
    public DeliveryHandler(EventStore events, FreshEvents freshEvents, Directory<ScopedId, Target> targets, Directory<ScopedId, Source> sources,
                           TargetHealth health, DeliverySlots inFlight, RateLimits rateLimits, IntentQueue queue,
                           WebhookSender sender, RelaySettings settings, RelayMetrics metrics, OperatorEvents operatorEvents,
                           Directory<TenantId, Tenant> tenants, UsageMeter usage) {
        this.events = Objects.requireNonNull(events, "events");
        this.freshEvents = Objects.requireNonNull(freshEvents, "freshEvents");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.sources = Objects.requireNonNull(sources, "sources");
        this.health = Objects.requireNonNull(health, "health");
        this.inFlight = Objects.requireNonNull(inFlight, "inFlight");
        this.rateLimits = Objects.requireNonNull(rateLimits, "rateLimits");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.sender = Objects.requireNonNull(sender, "sender");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.operatorEvents = Objects.requireNonNull(operatorEvents, "operatorEvents");
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.tenantInFlight = new TenantInFlight(inFlight);
        this.usage = Objects.requireNonNull(usage, "usage");
        this.clock = queue.clock();
    }

    /**
     * The stage completes with the verdict that settles the delivery:
     *
     * <ul>
     *   <li>snoozed when its tenant is suspended, the target stayed full and stuck, was paused while the delivery
     *       waited for it, is at its rate limit, or the store was busy reading what the attempt needs or taking a slot: nothing is sent and
     *       no attempt is counted</li>
     *   <li>failed when its tenant, the target or the event no longer exists, or the receiver answered 410</li>
     *   <li>retried on the schedule of the target as the attempt read it, no sooner than a 429 or 503 said to
     *       come back, when the receiver did not take it, and when the attempt failed in a way of the relay's
     *       own once its target was known</li>
     *   <li>called off when the attempt was called off while it waited for a slot or for the receiver</li>
     * </ul>
     */
    @Override
    public CompletionStage<Verdict> start(Intent intent, AttemptContext attempt) {
        ScopedId key = ScopedId.ofKey(intent.target());
        Optional<Tenant> tenant;
        Optional<Target> target;
        try {
            tenant = tenants.find(key.tenant());
            if (tenant.isEmpty()) {
                return settled(Verdict.failed("tenant deleted: " + key.tenant()));
            }
            if (tenant.get().suspended()) {
                return settled(Verdict.snoozeUntil(clock.instant().plus(SUSPENDED_SNOOZE)));
            }
            target = targets.find(key);
        } catch (TransientStoreException busy) {
            return settled(storeBusy());
        }
        if (target.isEmpty()) {
            return settled(targetDeleted(key));
        }
        RetryPolicy schedule = scheduleOf(target.get());
        CompletionStage<Verdict> delivery;
        try {
            delivery = deliver(key, intent, tenant.get(), target.get(), attempt);
        } catch (RuntimeException e) {
            delivery = CompletableFuture.failedFuture(e);
        }
        return delivery.exceptionally(thrown -> attempt.isCancelled()
                ? Verdict.calledOff()
                : Verdict.retry(Completions.causeOf(thrown)).per(schedule));
    }

    /**
     * Waits for a slot of the target, and of its tenant when the tenant has a {@code max_in_flight}, then reads the
     * event to send in it: a delivery of a target that stays full goes back to the store without a read, so a
     * backlog on stuck targets, claimed and given back over and over, costs the store no more than its claims and
     * settlements. After a wait the read runs where the slot was given: on the slots' own threads where they are a
     * database's, on the ending attempt's where they are memory and the store a local file.
     */
    private CompletionStage<Verdict> deliver(ScopedId key, Intent intent, Tenant tenant, Target target, AttemptContext attempt) {
        CompletableFuture<Optional<DeliverySlot>> slot;
        try {
            slot = tenantInFlight.acquire(key, tenant, target, STUCK_PATIENCE);
        } catch (TransientStoreException busy) {
            return settled(storeBusy());
        }
        attempt.whenCancelled(() -> slot.cancel(false));
        return slot.thenCompose(granted -> granted.isPresent()
                ? sendHoldingTheSlot(key, target, intent, attempt, granted.get())
                : settled(Verdict.snoozeUntil(clock.instant().plus(STUCK_SNOOZE))));
    }

    /**
     * An attempt called off while its slot was being granted sends nothing: its claim may already be another's.
     * The target is looked up again once the slot is held, since waiting for one may have taken longer than a
     * change to the target takes to reach every node: what is sent goes where the target points now. Its
     * timeout stays the one the slot was taken for, which sized the slot's hold on a shared store: a longer one
     * could outlast the hold and let another node take the slot while this attempt still runs. Unless the
     * attempt is sent, the slot is given back at once.
     */
    private CompletionStage<Verdict> sendHoldingTheSlot(ScopedId key, Target slotOf, Intent intent, AttemptContext attempt,
                                                        DeliverySlot slot) {
        boolean sent = false;
        try {
            if (attempt.isCancelled()) {
                return settled(Verdict.calledOff());
            }
            Optional<Event> event = eventOf(key.tenant(), intent);
            if (event.isEmpty()) {
                return settled(Verdict.failed("event deleted: " + intent.payload()));
            }
            Optional<Target> current = targets.find(key);
            if (current.isEmpty()) {
                return settled(targetDeleted(key));
            }
            Target target = current.get().timeout().compareTo(slotOf.timeout()) <= 0
                    ? current.get()
                    : current.get().withTimeout(slotOf.timeout());
            Optional<Instant> rateLimitedUntil = rateLimitedUntil(key, target);
            if (rateLimitedUntil.isPresent()) {
                return settled(Verdict.snoozeUntil(rateLimitedUntil.get()));
            }
            CompletionStage<Verdict> answered = send(key, event.get(), forwardedHeaders(key.tenant(), event.get()), target, intent,
                    attempt, slot);
            sent = true;
            return answered;
        } catch (TransientStoreException busy) {
            return settled(storeBusy());
        } finally {
            if (!sent) {
                slot.release();
            }
        }
    }

    /**
     * Sends, the slot held until the receiver's answer is in. The attempt starts, for its log, as it is sent:
     * after the wait for a slot and a token, which the receiver never saw.
     */
    private CompletionStage<Verdict> send(ScopedId key, Event event, Map<String, String> forwarded, Target target, Intent intent,
                                          AttemptContext attempt, DeliverySlot slot) {
        Instant sending = clock.instant();
        attempt.startsAt(sending);
        CompletableFuture<WebhookResponse> exchange = sender.send(
                SignedRequests.of(event, forwarded, target, intent.id(), intent.attempts(), sending, settings));
        attempt.whenCancelled(() -> exchange.cancel(true));
        return exchange.handleAsync((response, failure) -> {
            slot.release();
            return settle(key, response, Completions.causeOf(failure), event, target, attempt);
        }, inFlight.attemptEnds());
    }

    /**
     * Takes a token of the target's rate limit, once the attempt holds its slot, so that only what is about to be sent
     * spends one. Empty when the attempt may go out; else when to come back: when the token the bucket gave it a place
     * in line for is there, plus up to {@link #RATE_LIMITED_SPREAD}, so deliveries that found it empty at once do not
     * all come back at the same instant. An attempt held back is not counted, so a rate limit never uses up a retry
     * schedule.
     */
    private Optional<Instant> rateLimitedUntil(ScopedId key, Target target) {
        if (target.rateLimit().isEmpty()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Optional<Duration> wait;
        try {
            wait = rateLimits.take(key, target.rateLimit().get(), now);
        } catch (StoreException unavailable) {
            return Optional.of(now.plus(STORE_BUSY_SNOOZE));
        }
        if (wait.isEmpty()) {
            return Optional.empty();
        }
        metrics.rateLimited();
        Duration spread = Duration.ofMillis(ThreadLocalRandom.current().nextLong(RATE_LIMITED_SPREAD.toMillis() + 1));
        return Optional.of(now.plus(wait.get()).plus(spread));
    }

    /** The headers the event's source forwards now, of those stored with it; none once the source is deleted. */
    private Map<String, String> forwardedHeaders(TenantId tenant, Event event) {
        return sources.find(new ScopedId(tenant, event.sourceId()))
                .map(source -> ForwardedHeaders.of(source.forwardHeaders(), event.headers()))
                .orElse(Map.of());
    }

    /** Held in memory since its ingest for a first attempt; otherwise read from the store. */
    private Optional<Event> eventOf(TenantId tenant, Intent intent) {
        return freshEvents.take(intent.payload()).or(() -> events.find(tenant, intent.payload()));
    }

    /**
     * The store was busy with a read the attempt needs before anything is sent, so nothing was attempted: the
     * delivery waits a moment with its attempt given back, as when its target is full, rather than count a failure
     * the receiver never saw. Counted as a failure, a busy moment would use up a step of the target's retry schedule,
     * and on its last step fail the delivery without it ever having been sent.
     */
    private Verdict storeBusy() {
        return Verdict.snoozeUntil(clock.instant().plus(STORE_BUSY_SNOOZE));
    }

    private static CompletionStage<Verdict> settled(Verdict verdict) {
        return CompletableFuture.completedFuture(verdict);
    }

    private static Verdict targetDeleted(ScopedId target) {
        return Verdict.failed("target deleted: " + target.id());
    }

    /**
     * A delivery is retried on its target's schedule as its attempt read the target, so an operator's change to a
     * schedule applies to deliveries already waiting from their next attempt on.
     */
    private static RetryPolicy scheduleOf(Target target) {
        return new ScheduleBackoff(target.retrySchedule());
    }

    /**
     * Settles by what the receiver answered, or by why it did not. If pausing the target fails, that store
     * error is what the attempt ends with (it is retried like any failure), and the next failure pauses again.
     */
    private Verdict settle(ScopedId key, WebhookResponse response, Throwable failure, Event event, Target target, AttemptContext attempt) {
        DeliveryVerdict verdict;
        if (failure == null) {
            attempt.report(new AttemptDetail(Optional.of(response.statusCode()), response.excerpt()));
            verdict = DeliveryVerdict.of(response, clock.instant(), settings.retryAfterCap());
        } else if (failure instanceof SendException noAnswer) {
            attempt.report(AttemptDetail.NONE);
            verdict = DeliveryVerdict.of(noAnswer);
        } else {
            return attempt.isCancelled() ? Verdict.calledOff() : Verdict.retry(failure).per(scheduleOf(target));
        }
        metrics.deliveryAttempted(key.tenant(), verdict.outcome());
        usage.attempted(key.tenant());
        if (verdict.delivered()) {
            health.succeeded(key);
            metrics.delivered(key.tenant(), sinceReceived(event));
            return Verdict.completed();
        }
        try {
            Optional<PauseCause> pausedBecause = pauseCause(verdict, health.failed(key));
            if (pausedBecause.isPresent()) {
                queue.pause(Delivery.KIND, key.key());
                operatorEvents.targetPaused(key, pausedBecause.get(), Optional.of(event));
            }
            return verdict.toVerdict(pausedBecause.map(this::pauseNote), scheduleOf(target));
        } catch (RuntimeException e) {
            return Verdict.retry(e).per(scheduleOf(target));
        }
    }

    /** Why a failure pauses its target, if it does: the receiver is gone, or has failed too often in a row. */
    private static Optional<PauseCause> pauseCause(DeliveryVerdict verdict, boolean failingTooLong) {
        if (verdict.gone()) {
            return Optional.of(PauseCause.GONE);
        }
        return failingTooLong ? Optional.of(PauseCause.AUTO_PAUSE) : Optional.empty();
    }

    /** What the delivery's error says of the pause. */
    private String pauseNote(PauseCause cause) {
        return cause == PauseCause.GONE
                ? "target paused"
                : "target paused after " + health.autoPauseAfter() + " consecutive failed attempts";
    }

    /** Clocks of a restored or moved data directory may disagree; a negative lag would be noise. */
    private Duration sinceReceived(Event event) {
        Duration lag = Duration.between(event.receivedAt(), clock.instant());
        return lag.isNegative() ? Duration.ZERO : lag;
    }
}
