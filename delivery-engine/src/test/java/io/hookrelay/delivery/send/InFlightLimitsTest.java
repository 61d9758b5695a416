package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class InFlightLimitsTest {
    /** Longer than any test here waits for a slot, so only a test that means to see it gives up. */
    private static final Duration PATIENT = Duration.ofMinutes(5);
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void grantsUpToTheLimitAtOnceThenTheNextWaitsForASlotToBeGivenBack() {
        InFlightLimits limits = new InFlightLimits(PATIENT);

        assertThat(limits.acquire("orders", 2)).isCompletedWithValue(true);
        assertThat(limits.acquire("orders", 2)).isCompletedWithValue(true);
        CompletableFuture<Boolean> third = limits.acquire("orders", 2);
        assertThat(third).isNotDone();

        limits.release("orders");

        assertThat(third).isCompletedWithValue(true);
        assertThat(limits.acquire("orders", 2)).isNotDone();
    }

    @Test
    void waitingAttemptsGetTheirSlotsInTheOrderTheyCame() {
        InFlightLimits limits = new InFlightLimits(PATIENT);
        limits.acquire("orders", 1);
        CompletableFuture<Boolean> first = limits.acquire("orders", 1);
        CompletableFuture<Boolean> second = limits.acquire("orders", 1);

        limits.release("orders");

        assertThat(first).isCompletedWithValue(true);
        assertThat(second).isNotDone();
    }

    @Test
    void aWaitThatWasCancelledTakesNoSlot() {
        InFlightLimits limits = new InFlightLimits(PATIENT);
        limits.acquire("orders", 1);
        CompletableFuture<Boolean> calledOff = limits.acquire("orders", 1);
        CompletableFuture<Boolean> next = limits.acquire("orders", 1);

        calledOff.cancel(false);
        limits.release("orders");

        assertThat(next).isCompletedWithValue(true);
    }

    @Test
    void eachTargetHasItsOwnSlots() {
        InFlightLimits limits = new InFlightLimits(PATIENT);
        limits.acquire("orders", 1);

        assertThat(limits.acquire("billing", 1)).isCompletedWithValue(true);
    }

    @Test
    void aLoweredLimitAppliesToTheNextAttempt() {
        InFlightLimits limits = new InFlightLimits(PATIENT);
        limits.acquire("orders", 5);
        limits.acquire("orders", 5);
        CompletableFuture<Boolean> waiting = limits.acquire("orders", 1);

        limits.release("orders");

        assertThat(waiting).as("one is still out, and the limit is now one").isNotDone();
        limits.release("orders");
        assertThat(waiting).isCompletedWithValue(true);
    }

    @Test
    void whatWaitsForATargetThatFreesNoSlotGivesUpAfterThePatience() throws Exception {
        InFlightLimits limits = new InFlightLimits(Duration.ofMillis(100));
        limits.acquire("hanging", 1);
        CompletableFuture<Boolean> waiting = limits.acquire("hanging", 1);

        Await.until("the wait was given up", WAIT, waiting::isDone);

        assertThat(waiting).isCompletedWithValue(false);
        limits.release("hanging");
        assertThat(limits.acquire("hanging", 1)).as("the slot given back is free again").isCompletedWithValue(true);
    }

    /** Eight releases a tenth of a second apart: the last waiter waits twice the patience, the target moving. */
    @Test
    void whatWaitsForATargetThatKeepsFreeingSlotsKeepsWaiting() throws Exception {
        InFlightLimits limits = new InFlightLimits(Duration.ofMillis(400));
        limits.acquire("busy", 1);
        List<CompletableFuture<Boolean>> queue = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            queue.add(limits.acquire("busy", 1));
        }

        for (CompletableFuture<Boolean> each : queue) {
            Thread.sleep(100);
            limits.release("busy");
            assertThat(each).as("a slot freed within every patience").isCompletedWithValue(true);
        }
    }

    @Test
    void aPauseEndsTheWaitAtOnce() {
        InFlightLimits limits = new InFlightLimits(PATIENT);
        limits.acquire("orders", 1);
        CompletableFuture<Boolean> waiting = limits.acquire("orders", 1);

        limits.giveUpWaiting("orders");

        assertThat(waiting).isCompletedWithValue(false);
    }

    @Test
    void racingAttemptsGetNoMoreThanTheLimitAtOnce() throws Exception {
        InFlightLimits limits = new InFlightLimits(PATIENT);
        int racers = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<CompletableFuture<Boolean>>> asked = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                asked.add(pool.submit(() -> {
                    start.await();
                    return limits.acquire("orders", 5);
                }));
            }
            start.countDown();
            int granted = 0;
            for (Future<CompletableFuture<Boolean>> each : asked) {
                granted += each.get().isDone() ? 1 : 0;
            }

            assertThat(granted).isEqualTo(5);
        } finally {
            pool.shutdownNow();
        }
    }
}
