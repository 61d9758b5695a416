package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.header.RelayMarker;
import io.hookrelay.delivery.ingest.FreshEvents;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.RelaySettings;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.delivery.operator.OperatorRoute;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.port.RelayMetrics;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.port.WebhookResponse;
import io.hookrelay.delivery.port.WebhookSender;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.usage.UsageMeter;
import io.hookrelay.queue.AttemptContext;
import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.ScheduleBackoff;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.Verdict;
import io.hookrelay.queue.testing.MutableClock;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A store that is busy while the handler reads what it needs to send is not the receiver failing: nothing
 * went out, so the delivery waits a moment with its attempt given back instead of using up a step of its
 * target's schedule. The target here has no retries left, so counting the busy read as a failed attempt
 * would fail the delivery for good without it ever having been sent.
 *
 * <p>Once something was sent, the store calls that end the attempt run where the slots' adapter says, not on
 * the thread that heard the answer, which a slow store must not hold.
 */
class DeliveryHandlerStoreBusyTest {
    private static final Instant NOW = Instant.parse("2025-06-01T09:00:00Z");
    private static final String EVENT_ID = "evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0E";
    private static final String DELIVERY_ID = "dlv_01HQ3Z8N6W2X4Y5Z6A7B8C9D0F";
    private static final Target TARGET = new Target("erp", URI.create("https://receiver.example/hooks"),
            "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", Duration.ofSeconds(5), List.of(), 10);
    private static final Event EVENT = new Event(EVENT_ID, "shop", Optional.empty(), NOW, "application/json", Map.of(), "{}".getBytes(StandardCharsets.UTF_8));

    private final FreshEvents freshEvents = new FreshEvents(FreshEvents.DEFAULT_CAPACITY_BYTES);
    private final List<WebhookRequest> sent = new CopyOnWriteArrayList<>();
    private final WebhookSender sender = request -> {
        sent.add(request);
        return CompletableFuture.completedFuture(new WebhookResponse(200, Optional.empty(), ""));
    };

    @Test
    void aBusyEventReadSnoozesTheDeliveryAndSendsNothing() {
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", () -> Optional.of(TARGET)),
                answering(EventStore.class, "find", DeliveryHandlerStoreBusyTest::busy));

        assertSnoozedWithoutSending(handler);
    }

    @Test
    void aBusyTargetReadSnoozesTheDeliveryAndSendsNothing() {
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", DeliveryHandlerStoreBusyTest::busy),
                answering(EventStore.class, "find", () -> Optional.of(EVENT)));

        assertSnoozedWithoutSending(handler);
    }

    @Test
    void aBusyStoreWhenTakingASlotSnoozesTheDeliveryAndSendsNothing() {
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", () -> Optional.of(TARGET)),
                answering(EventStore.class, "find", () -> Optional.of(EVENT)),
                answering(DeliverySlots.class, "acquire", DeliveryHandlerStoreBusyTest::busy));

        assertSnoozedWithoutSending(handler);
    }

    @Test
    void onceTheStoreAnswersTheEventIsSent() throws Exception {
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", () -> Optional.of(TARGET)),
                answering(EventStore.class, "find", () -> Optional.of(EVENT)));

        assertThat(attempt(handler)).isEqualTo(Verdict.completed());

        assertThat(sent).singleElement().satisfies(request -> assertThat(request.url()).isEqualTo(TARGET.url()));
    }

    /**
     * The attempt reads its target before it waits for a slot and again once it holds one; a failure is retried
     * on the schedule of the target as read then, without a third read to decide the retry.
     */
    @Test
    void aRefusedAttemptIsRetriedOnTheScheduleOfTheTargetItReadWithoutReadingItAgain() {
        Target withSchedule = new Target(TARGET.id(), TARGET.url(), TARGET.secret(), TARGET.timeout(),
                List.of(Duration.ofSeconds(5), Duration.ofMinutes(5)), TARGET.maxInFlight());
        AtomicInteger targetReads = new AtomicInteger();
        WebhookSender refusing = request -> CompletableFuture.completedFuture(new WebhookResponse(500, Optional.empty(), "down"));
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", () -> {
                    targetReads.incrementAndGet();
                    return Optional.of(withSchedule);
                }), answering(EventStore.class, "find", () -> Optional.of(EVENT)), granting(() -> { }, Runnable::run),
                answering(FailureStreaks.class, "failed", () -> 1), refusing);

        Verdict verdict = attempt(handler);

        assertThat(verdict).isInstanceOfSatisfying(Verdict.RetryLater.class, retry -> {
            assertThat(retry.error()).isEqualTo("http_5xx: receiver answered 500");
            assertThat(retry.notBefore()).isEmpty();
            assertThat(retry.policy()).get().isInstanceOfSatisfying(ScheduleBackoff.class,
                    schedule -> assertThat(schedule.delays()).isEqualTo(withSchedule.retrySchedule()));
        });
        assertThat(targetReads).hasValue(2);
    }

    @Test
    void aDeletedTargetFailsTheDeliveryForGood() {
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", Optional::empty),
                answering(EventStore.class, "find", () -> Optional.of(EVENT)));

        assertThat(attempt(handler)).isEqualTo(Verdict.failed("target deleted: " + TARGET.id()));
        assertThat(sent).isEmpty();
    }

    @Test
    void anEventHeldSinceItsIngestIsSentWithoutAReadAndALaterAttemptReadsTheStore() throws Exception {
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", () -> Optional.of(TARGET)),
                answering(EventStore.class, "find", DeliveryHandlerStoreBusyTest::busy));
        freshEvents.hold(EVENT, 1);

        attempt(handler);
        assertThat(sent).singleElement().satisfies(request -> assertThat(request.body()).isEqualTo(EVENT.body()));

        sent.clear();
        assertSnoozedWithoutSending(handler);
    }

    /**
     * The receiver's answer is heard on a thread of the HTTP client's; giving the slot back and ending the
     * streak are store calls, and run on the thread the slots name for the ends of attempts, in that order.
     */
    @Test
    void theEndOfAnExchangeRunsWhereTheSlotsSayNotOnTheClientsThread() throws Exception {
        ExecutorService client = Executors.newSingleThreadExecutor(DaemonThreads.named("http-client-"));
        ExecutorService attemptEnds = Executors.newSingleThreadExecutor(DaemonThreads.named("attempt-ends-"));
        try {
            List<String> storeCalls = new CopyOnWriteArrayList<>();
            DeliverySlot slot = () -> storeCalls.add("release on " + Thread.currentThread().getName());
            FailureStreaks streaks = answering(FailureStreaks.class, "succeeded",
                    () -> storeCalls.add("succeeded on " + Thread.currentThread().getName()));
            WebhookSender answeringOnTheClient = request -> CompletableFuture.supplyAsync(
                    () -> new WebhookResponse(200, Optional.empty(), ""), client);
            DeliveryHandler handler = handler(answering(TargetStore.class, "find", () -> Optional.of(TARGET)),
                    answering(EventStore.class, "find", () -> Optional.of(EVENT)), granting(slot, attemptEnds), streaks,
                    answeringOnTheClient);

            handler.start(claimedIntent(), new AttemptContext()).toCompletableFuture().get(10, TimeUnit.SECONDS);

            assertThat(storeCalls).containsExactly("release on attempt-ends-1", "succeeded on attempt-ends-1");
        } finally {
            client.shutdownNow();
            attemptEnds.shutdownNow();
        }
    }

    /**
     * A change to the target that lands while its attempt waits for a slot decides where the attempt goes, but
     * not how long it may take: the slot was taken for the old timeout.
     */
    @Test
    void anAttemptThatWaitedForASlotIsSentWhereItsTargetPointsOnceTheSlotIsGranted() throws Exception {
        Target moved = new Target(TARGET.id(), URI.create("https://moved.example/hooks"), TARGET.secret(),
                TARGET.timeout().multipliedBy(10), TARGET.retrySchedule(), TARGET.maxInFlight());
        AtomicReference<Target> stored = new AtomicReference<>(TARGET);
        CompletableFuture<Optional<DeliverySlot>> grant = new CompletableFuture<>();
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", () -> Optional.of(stored.get())),
                answering(EventStore.class, "find", () -> Optional.of(EVENT)), slots(grant, Runnable::run));

        CompletableFuture<Verdict> attempt = handler.start(claimedIntent(), new AttemptContext()).toCompletableFuture();
        stored.set(moved);
        grant.complete(Optional.of(() -> { }));
        attempt.get(10, TimeUnit.SECONDS);

        assertThat(sent).singleElement().satisfies(request -> {
            assertThat(request.url()).isEqualTo(moved.url());
            assertThat(request.timeout()).isEqualTo(TARGET.timeout());
        });
    }

    /** The wait for a slot is the relay's, not the receiver's: the attempt starts, for its log, as it is sent. */
    @Test
    void anAttemptThatWaitedForASlotStartsWhenItIsSentSignedAtThatTime() throws Exception {
        MutableClock clock = new MutableClock(NOW);
        CompletableFuture<Optional<DeliverySlot>> grant = new CompletableFuture<>();
        DeliveryHandler handler = handler(answering(TargetStore.class, "find", () -> Optional.of(TARGET)),
                answering(EventStore.class, "find", () -> Optional.of(EVENT)), slots(grant, Runnable::run),
                answering(FailureStreaks.class, "succeeded", () -> null), sender, clock);
        AttemptContext context = new AttemptContext();

        CompletableFuture<Verdict> attempt = handler.start(claimedIntent(), context).toCompletableFuture();
        Instant granted = clock.advance(Duration.ofSeconds(2));
        grant.complete(Optional.of(() -> { }));
        attempt.get(10, TimeUnit.SECONDS);

        assertThat(context.startedAt()).contains(granted);
        assertThat(sent).singleElement().satisfies(request ->
                assertThat(request.headers()).containsEntry("webhook-timestamp", Long.toString(granted.getEpochSecond())));
    }

    private void assertSnoozedWithoutSending(DeliveryHandler handler) {
        assertThat(attempt(handler)).isEqualTo(Verdict.snoozeUntil(NOW.plus(DeliveryHandler.STORE_BUSY_SNOOZE)));
        assertThat(sent).isEmpty();
    }

    private static Verdict attempt(DeliveryHandler handler) {
        return handler.start(claimedIntent(), new AttemptContext()).toCompletableFuture().join();
    }

    private DeliveryHandler handler(TargetStore targets, EventStore events) {
        return handler(targets, events, granting(() -> { }, Runnable::run));
    }

    /** Slots that grant {@code slot} at once and run the ends of attempts on {@code attemptEnds}. */
    private static DeliverySlots granting(DeliverySlot slot, Executor attemptEnds) {
        return slots(CompletableFuture.completedFuture(Optional.of(slot)), attemptEnds);
    }

    /** Slots whose every grant is {@code grant}, and which run the ends of attempts on {@code attemptEnds}. */
    private static DeliverySlots slots(CompletableFuture<Optional<DeliverySlot>> grant, Executor attemptEnds) {
        return new DeliverySlots() {
            @Override
            public CompletableFuture<Optional<DeliverySlot>> acquire(ScopedId key, int limit, Duration longest, Duration patience) {
                return grant;
            }

            @Override
            public void giveUpWaiting(ScopedId target) {
                throw new AssertionError("unexpected call of DeliverySlots.giveUpWaiting");
            }

            @Override
            public Executor attemptEnds() {
                return attemptEnds;
            }
        };
    }

    private DeliveryHandler handler(TargetStore targets, EventStore events, DeliverySlots slots) {
        return handler(targets, events, slots, answering(FailureStreaks.class, "succeeded", () -> null), sender);
    }

    private DeliveryHandler handler(TargetStore targets, EventStore events, DeliverySlots slots, FailureStreaks streaks,
                                    WebhookSender sending) {
        return handler(targets, events, slots, streaks, sending, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private DeliveryHandler handler(TargetStore targets, EventStore events, DeliverySlots slots, FailureStreaks streaks,
                                    WebhookSender sending, Clock clock) {
        // The handler must not touch the queue before it has sent something; the queue itself listens to its store.
        IntentQueue queue = new IntentQueue(answering(IntentStore.class, "addListener", () -> null), clock);
        return new DeliveryHandler(events, freshEvents,
                new Directory<ScopedId, Target>(key -> targets.find(key.tenant(), key.id()), Duration.ZERO, clock),
                new Directory<ScopedId, Source>(sourceId -> Optional.empty(), Duration.ZERO, clock), new TargetHealth(streaks, 20), slots,
                new Unlimited(), queue, sending,
                new RelaySettings(RelaySettings.DEFAULT_RETRY_AFTER_CAP, "test", new RelayMarker("thisRelaysOwnMarker012")), RelayMetrics.NONE,
                new OperatorEvents(events, answering(DeliveryStore.class, "forEvent", List::of),
                        answering(SettingsStore.class, "read", () -> Settings.NONE), answering(TargetAlerts.class, "broken", Set::of),
                        targetId -> Optional.empty(), new OperatorRoute(tenant -> Settings.NONE, targetId -> Optional.empty(), new Ulids(clock)),
                        targetId -> false, new Ulids(clock), clock, Executors.newSingleThreadExecutor(DaemonThreads.named("operator-events")),
                        RelayMetrics.NONE),
                new Directory<TenantId, Tenant>(tenant -> Optional.of(Tenant.created(tenant.value(), "Test", TenantQuotas.NONE, NOW)),
                        Duration.ZERO, clock),
                new UsageMeter(answering(TenantUsageStore.class, "add", () -> null), clock));
    }

    private static Intent claimedIntent() {
        return new Intent(DELIVERY_ID, Delivery.KIND, DELIVERY_ID, TARGET.id(), EVENT_ID, IntentState.RUNNING, 1, NOW, NOW, NOW,
                "", "claim-token", NOW.plusSeconds(30));
    }

    private static Object busy() {
        throw new TransientStoreException("find failed: SQLITE_BUSY", null);
    }

    /** A port that answers {@code method} with what {@code answer} gives, and fails the test on any other call. */
    private static <T> T answering(Class<T> port, String method, Supplier<Object> answer) {
        return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port}, (proxy, called, arguments) -> {
            if (called.getName().equals(method)) {
                return answer.get();
            }
            throw new AssertionError("unexpected call of " + port.getSimpleName() + "." + called.getName());
        }));
    }

    /** No target here has a rate limit, so no delivery waits for a token. */
    private static final class Unlimited implements RateLimits {
        @Override
        public Optional<Duration> take(ScopedId target, RateLimit limit, Instant now) {
            return Optional.empty();
        }

        @Override
        public void forget(ScopedId target) {
        }
    }
}
