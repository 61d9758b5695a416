package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class InFlightLimitsTest {

    @Test
    void grantsUpToTheLimitThenRefusesUntilASlotIsGivenBack() {
        InFlightLimits limits = new InFlightLimits();

        assertThat(limits.tryAcquire("orders", 2)).isTrue();
        assertThat(limits.tryAcquire("orders", 2)).isTrue();
        assertThat(limits.tryAcquire("orders", 2)).isFalse();

        limits.release("orders");

        assertThat(limits.tryAcquire("orders", 2)).isTrue();
        assertThat(limits.tryAcquire("orders", 2)).isFalse();
    }

    @Test
    void aRefusalTakesNoSlot() {
        InFlightLimits limits = new InFlightLimits();
        limits.tryAcquire("orders", 1);
        limits.tryAcquire("orders", 1);

        limits.release("orders");

        assertThat(limits.tryAcquire("orders", 1)).isTrue();
    }

    @Test
    void eachTargetHasItsOwnSlots() {
        InFlightLimits limits = new InFlightLimits();
        limits.tryAcquire("orders", 1);

        assertThat(limits.tryAcquire("billing", 1)).isTrue();
    }

    @Test
    void aLoweredLimitAppliesToTheNextAttempt() {
        InFlightLimits limits = new InFlightLimits();
        limits.tryAcquire("orders", 5);
        limits.tryAcquire("orders", 5);

        assertThat(limits.tryAcquire("orders", 2)).isFalse();
    }

    @Test
    void racingAttemptsGetNoMoreThanTheLimit() throws Exception {
        InFlightLimits limits = new InFlightLimits();
        int racers = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Boolean>> granted = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                granted.add(pool.submit(() -> {
                    start.await();
                    return limits.tryAcquire("orders", 5);
                }));
            }
            start.countDown();
            int slots = 0;
            for (Future<Boolean> each : granted) {
                slots += each.get() ? 1 : 0;
            }

            assertThat(slots).isEqualTo(5);
        } finally {
            pool.shutdownNow();
        }
    }
}
