package io.hookrelay.delivery.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.queue.testing.MutableClock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link DeliverySlots} that every adapter keeps, whether it counts in memory or in a database
 * that several nodes share. A wait that must end unanswered is given a short patience and checked to end
 * with no slot; a wait that must be answered is given one longer than the test.
 */
public abstract class DeliverySlotsContract {
    /** Longer than any test here waits for a slot, so only a test that means to see a wait given up sees it. */
    protected static final Duration PATIENT = Duration.ofMinutes(5);
    /** Long enough that a slot that is free would be found within it, short enough to wait out. */
    protected static final Duration BRIEF = Duration.ofMillis(300);
    protected static final Duration WAIT = Duration.ofSeconds(10);
    /** How long an attempt holds its slot in a test where slots keep turning over: far less than {@link #OUTLASTED}. */
    private static final Duration ATTEMPT = Duration.ofMillis(200);
    /** A patience that a test where slots keep turning over lasts well beyond, and no gap between turnovers nears. */
    private static final Duration OUTLASTED = Duration.ofSeconds(2);

    protected MutableClock clock;
    protected DeliverySlots slots;
    private final List<CompletableFuture<Optional<DeliverySlot>>> asked = new ArrayList<>();

    /** The adapter's slots on a new, empty store; the store reads the time from {@code clock}. */
    protected abstract DeliverySlots openSlots(MutableClock clock) throws Exception;

    @BeforeEach
    final void openSlotsUnderTest() throws Exception {
        clock = new MutableClock();
        slots = openSlots(clock);
    }

    /** Waits still open would outlive the test: they are called off. */
    @AfterEach
    final void callOffWaits() {
        asked.forEach(wait -> wait.cancel(false));
    }

    /** A target with room for {@code maxInFlight} attempts. */
    protected static Target target(String id, int maxInFlight) {
        return new Target(id, URI.create("https://receiver.example/hooks/" + id), RelayFixture.SECRET,
                Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, maxInFlight);
    }

    protected CompletableFuture<Optional<DeliverySlot>> acquire(Target target, Duration patience) {
        return acquire(TenantId.DEFAULT, target, patience);
    }

    protected CompletableFuture<Optional<DeliverySlot>> acquire(TenantId tenant, Target target, Duration patience) {
        CompletableFuture<Optional<DeliverySlot>> slot = slots.acquire(new ScopedId(tenant, target.id()), target, patience);
        asked.add(slot);
        return slot;
    }

    /** A slot granted at once. */
    protected DeliverySlot held(Target target) {
        CompletableFuture<Optional<DeliverySlot>> slot = acquire(target, PATIENT);
        assertThat(slot).as("a free slot is granted at once").isCompletedWithValueMatching(Optional::isPresent);
        return slot.join().orElseThrow();
    }

    /** Whether a wait of {@code patience} gets a slot; one it gets is kept. */
    protected boolean getsOneWithin(Target target, Duration patience) {
        return acquire(target, patience).orTimeout(WAIT.plus(patience).toMillis(), TimeUnit.MILLISECONDS).join().isPresent();
    }

    @Test
    void grantsUpToTheLimitAtOnceAndNoMore() {
        Target orders = target("orders", 2);
        held(orders);
        held(orders);

        assertThat(getsOneWithin(orders, BRIEF)).isFalse();
    }

    @Test
    void aSlotGivenBackGoesToTheAttemptThatWaitsForIt() throws Exception {
        Target orders = target("orders", 1);
        DeliverySlot first = held(orders);
        CompletableFuture<Optional<DeliverySlot>> waiting = acquire(orders, PATIENT);
        assertThat(waiting).isNotDone();

        first.release();

        Await.until("the waiting attempt got the slot", WAIT, waiting::isDone);
        assertThat(waiting.join()).isPresent();
        assertThat(getsOneWithin(orders, BRIEF)).as("it is held again").isFalse();
    }

    @Test
    void eachTargetHasItsOwnSlots() {
        held(target("orders", 1));

        held(target("billing", 1));
    }

    @Test
    void aTargetOfAnotherTenantWithTheSameIdHasItsOwnSlots() {
        held(target("orders", 1));

        CompletableFuture<Optional<DeliverySlot>> acmes = acquire(TenantId.of("acme"), target("orders", 1), PATIENT);
        assertThat(acmes).as("granted at once").isCompletedWithValueMatching(Optional::isPresent);
    }

    @Test
    void aSlotGivenBackTwiceIsFreedOnce() {
        Target orders = target("orders", 2);
        DeliverySlot first = held(orders);
        held(orders);

        first.release();
        first.release();

        assertThat(getsOneWithin(orders, BRIEF)).isTrue();
        assertThat(getsOneWithin(orders, BRIEF)).isFalse();
    }

    @Test
    void aWaitThatWasCancelledTakesNoSlot() throws Exception {
        Target orders = target("orders", 1);
        DeliverySlot first = held(orders);
        CompletableFuture<Optional<DeliverySlot>> calledOff = acquire(orders, PATIENT);

        calledOff.cancel(false);
        first.release();

        assertThat(getsOneWithin(orders, PATIENT)).isTrue();
    }

    @Test
    void whatWaitsForATargetThatFreesNoSlotGivesUpAfterThePatience() throws Exception {
        Target hanging = target("hanging", 1);
        DeliverySlot first = held(hanging);
        CompletableFuture<Optional<DeliverySlot>> waiting = acquire(hanging, Duration.ofMillis(100));

        Await.until("the wait was given up", WAIT, waiting::isDone);

        assertThat(waiting.join()).isEmpty();
        first.release();
        held(hanging);
    }

    /**
     * Attempts that wait their turn at a busy target get it, one after another, for longer than their patience:
     * the target frees a slot every {@link #ATTEMPT}, so it is not stuck. The attempt under way holds its slot
     * for that long (the sleep), and the next is let go only once the one before got its slot.
     */
    @Test
    void aTargetThatKeepsFreeingSlotsIsWaitedForLongerThanThePatience() throws Exception {
        Target busy = target("busy", 1);
        DeliverySlot underWay = held(busy);
        int waiters = (int) (OUTLASTED.toMillis() / ATTEMPT.toMillis()) * 3 / 2;
        List<CompletableFuture<Optional<DeliverySlot>>> waiting = new ArrayList<>();
        for (int i = 0; i < waiters; i++) {
            waiting.add(acquire(busy, OUTLASTED));
        }
        long started = System.nanoTime();

        for (int served = 1; served <= waiters; served++) {
            Thread.sleep(ATTEMPT.toMillis());
            underWay.release();
            Await.until("a waiting attempt got the slot or gave up", WAIT,
                    () -> waiting.stream().anyMatch(CompletableFuture::isDone));
            CompletableFuture<Optional<DeliverySlot>> next = waiting.stream().filter(CompletableFuture::isDone).findFirst().orElseThrow();
            waiting.remove(next);
            assertThat(next.join()).as("waiter %d of %d, %d ms after they began to wait", served, waiters,
                    Duration.ofNanos(System.nanoTime() - started).toMillis()).isPresent();
            underWay = next.join().orElseThrow();
        }
    }

    @Test
    void aPauseEndsTheWaitAtOnce() {
        Target orders = target("orders", 1);
        held(orders);
        CompletableFuture<Optional<DeliverySlot>> waiting = acquire(orders, PATIENT);

        slots.giveUpWaiting(new ScopedId(TenantId.DEFAULT, "orders"));

        assertThat(waiting).isCompletedWithValue(Optional.empty());
    }

    @Test
    void aLoweredLimitLetsNothingStartUntilFewerThanItAreUnderWay() {
        Target wide = target("orders", 3);
        Target narrow = target("orders", 2);
        List<DeliverySlot> underWay = new ArrayList<>(List.of(held(wide), held(wide), held(wide)));

        assertThat(getsOneWithin(narrow, BRIEF)).as("three under way").isFalse();
        underWay.remove(0).release();
        assertThat(getsOneWithin(narrow, BRIEF)).as("two under way").isFalse();
        underWay.forEach(DeliverySlot::release);

        assertThat(getsOneWithin(narrow, BRIEF)).isTrue();
        assertThat(getsOneWithin(narrow, BRIEF)).isTrue();
        assertThat(getsOneWithin(narrow, BRIEF)).as("two under way again").isFalse();
    }

    @Test
    void racingAttemptsGetNoMoreThanTheLimit() throws Exception {
        Target orders = target("orders", 5);
        int racers = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Boolean>> got = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                got.add(pool.submit(() -> {
                    start.await();
                    return getsOneWithin(orders, BRIEF);
                }));
            }
            start.countDown();
            int granted = 0;
            for (Future<Boolean> each : got) {
                granted += each.get() ? 1 : 0;
            }

            assertThat(granted).isEqualTo(5);
        } finally {
            pool.shutdownNow();
        }
    }
}
