package io.hookrelay.delivery.send;

import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.Event;
import io.hookrelay.delivery.EventStore;
import io.hookrelay.delivery.FreshEvents;
import io.hookrelay.delivery.RelayMetrics;
import io.hookrelay.delivery.RelaySettings;
import io.hookrelay.delivery.SendException;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.WebhookResponse;
import io.hookrelay.delivery.WebhookSender;
import io.hookrelay.queue.AttemptContext;
import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentHandler;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.RetryLaterException;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.ScheduleBackoff;
import io.hookrelay.queue.SnoozeException;
import io.hookrelay.queue.StopException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The handler of kind {@link Delivery#KIND}: POSTs an event to a target, signed, and turns the receiver's
 * answer into the delivery's outcome (DESIGN §4).
 *
 * <p>A delivery intent's target is the target id and its payload the event id. Every attempt that reached
 * the network is counted, and what the receiver answered is reported to the attempt log before the handler
 * returns or throws.
 */
public final class DeliveryHandler implements IntentHandler {
    /** How long a delivery waits for a free slot when its target has as many in flight as it allows. */
    static final Duration IN_FLIGHT_SNOOZE = Duration.ofMillis(250);
    /** How long a delivery waits when the store could not be read before sending it. */
    static final Duration STORE_BUSY_SNOOZE = Duration.ofSeconds(1);
    private static final RetryPolicy GIVE_UP = (intentId, attempts) -> Optional.empty();

    private final EventStore events;
    private final FreshEvents freshEvents;
    private final TargetDirectory targets;
    private final TargetHealth health;
    private final IntentQueue queue;
    private final WebhookSender sender;
    private final RelaySettings settings;
    private final RelayMetrics metrics;
    private final Clock clock;
    private final InFlightLimits inFlight = new InFlightLimits();

    public DeliveryHandler(EventStore events, FreshEvents freshEvents, TargetDirectory targets, TargetHealth health,
                           IntentQueue queue, WebhookSender sender, RelaySettings settings, RelayMetrics metrics) {
        this.events = Objects.requireNonNull(events, "events");
        this.freshEvents = Objects.requireNonNull(freshEvents, "freshEvents");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.health = Objects.requireNonNull(health, "health");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.sender = Objects.requireNonNull(sender, "sender");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.clock = queue.clock();
    }

    /**
     * Any failure not listed below is retried on the target's schedule.
     *
     * @throws SnoozeException      when the target already has {@code maxInFlight} attempts running, or the
     *                              store was busy reading the target or the event: nothing is sent and no
     *                              attempt is counted
     * @throws StopException        when the target or the event no longer exists, or the receiver answered 410
     * @throws RetryLaterException  when a 429 or 503 said when to come back
     * @throws InterruptedException when the attempt was called off while waiting for the receiver; its
     *                              result is discarded, so it is not counted either
     */
    @Override
    public void handle(Intent intent, AttemptContext attempt) throws Exception {
        Target target = beforeSending(() -> targets.find(intent.target()))
                .orElseThrow(() -> new StopException("target deleted: " + intent.target()));
        if (!inFlight.tryAcquire(target.id(), target.maxInFlight())) {
            throw new SnoozeException("target " + target.id() + " has " + target.maxInFlight() + " deliveries in flight",
                    clock.instant().plus(IN_FLIGHT_SNOOZE));
        }
        try {
            deliver(eventOf(intent), target, intent, attempt);
        } finally {
            inFlight.release(target.id());
        }
    }

    /** Held in memory since its ingest for a first attempt; otherwise read from the store. */
    private Event eventOf(Intent intent) throws SnoozeException, StopException {
        Optional<Event> fresh = freshEvents.take(intent.payload());
        if (fresh.isPresent()) {
            return fresh.get();
        }
        return beforeSending(() -> events.find(intent.payload()))
                .orElseThrow(() -> new StopException("event deleted: " + intent.payload()));
    }

    /**
     * A read the attempt needs before anything is sent. If the store is busy, nothing was attempted: the
     * delivery waits a moment with its attempt given back, as when its target is full, rather than count a
     * failure the receiver never saw. Counted as a failure, a busy moment would use up a step of the target's
     * retry schedule, and on its last step fail the delivery without it ever having been sent.
     */
    private <T> T beforeSending(Supplier<T> read) throws SnoozeException {
        try {
            return read.get();
        } catch (TransientStoreException busy) {
            throw new SnoozeException("the store was busy before sending: " + busy.getMessage(),
                    clock.instant().plus(STORE_BUSY_SNOOZE));
        }
    }

    /**
     * Sends, then settles by the verdict. If pausing the target fails, that store error is what the attempt
     * ends with (it is retried like any failure), and the next failure pauses again.
     */
    private void deliver(Event event, Target target, Intent intent, AttemptContext attempt) throws Exception {
        DeliveryVerdict verdict;
        try {
            WebhookResponse response = sender.send(
                    SignedRequests.of(event, target, intent.id(), intent.attempts(), clock.instant(), settings.version()));
            attempt.report(new AttemptDetail(Optional.of(response.statusCode()), response.excerpt()));
            verdict = DeliveryVerdict.of(response, clock.instant(), settings.retryAfterCap());
        } catch (SendException noAnswer) {
            attempt.report(AttemptDetail.NONE);
            verdict = DeliveryVerdict.of(noAnswer);
        }
        metrics.deliveryAttempted(verdict.outcome());
        if (verdict.delivered()) {
            health.succeeded(target.id());
            metrics.delivered(sinceReceived(event));
            return;
        }
        Optional<String> pausedBecause = pauseReason(verdict, health.failed(target.id()));
        if (pausedBecause.isPresent()) {
            queue.pause(Delivery.KIND, target.id());
        }
        throw verdict.failure(pausedBecause);
    }

    /** Why a failure pauses its target, if it does: the receiver is gone, or has failed too often in a row. */
    private Optional<String> pauseReason(DeliveryVerdict verdict, boolean failingTooLong) {
        if (verdict.gone()) {
            return Optional.of("target paused");
        }
        return failingTooLong
                ? Optional.of("target paused after " + health.autoPauseAfter() + " consecutive failed attempts")
                : Optional.empty();
    }

    /** Clocks of a restored or moved data directory may disagree; a negative lag would be noise. */
    private Duration sinceReceived(Event event) {
        Duration lag = Duration.between(event.receivedAt(), clock.instant());
        return lag.isNegative() ? Duration.ZERO : lag;
    }

    /**
     * The retry policy of each delivery: its target's schedule, so an operator's change to a schedule applies
     * to deliveries already waiting. A delivery whose target was deleted is not retried. For
     * {@code WorkerPool.Builder.retryPolicyPerIntent}.
     */
    public Function<Intent, RetryPolicy> retryPolicies() {
        return intent -> targets.find(intent.target())
                .<RetryPolicy>map(target -> new ScheduleBackoff(target.retrySchedule()))
                .orElse(GIVE_UP);
    }
}
