package io.hookrelay.storage.sqlite.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.testing.DeliverySlotsContract;
import io.hookrelay.queue.testing.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The shared rules of every adapter's delivery slots, kept in this process as SQLite's are, and what they add:
 * a slot given back is handed over at once, in arrival order, and a target that keeps freeing slots keeps its
 * waiters waiting.
 */
class InProcessDeliverySlotsTest extends DeliverySlotsContract {

    @Override
    protected InProcessDeliverySlots openSlots(MutableClock clock) {
        return new InProcessDeliverySlots();
    }

    @Test
    void waitingAttemptsGetTheirSlotsInTheOrderTheyCame() {
        Target orders = target("orders", 1);
        DeliverySlot first = held(orders);
        CompletableFuture<Optional<DeliverySlot>> earlier = acquire(orders, PATIENT);
        CompletableFuture<Optional<DeliverySlot>> later = acquire(orders, PATIENT);

        first.release();

        assertThat(earlier).isCompletedWithValueMatching(Optional::isPresent);
        assertThat(later).isNotDone();
    }

    /** Eight releases a tenth of a second apart: the last waiter waits twice the patience, the target moving. */
    @Test
    void whatWaitsForATargetThatKeepsFreeingSlotsKeepsWaiting() throws Exception {
        Target busy = target("busy", 1);
        DeliverySlot holding = held(busy);
        List<CompletableFuture<Optional<DeliverySlot>>> queue = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            queue.add(acquire(busy, Duration.ofMillis(400)));
        }

        for (CompletableFuture<Optional<DeliverySlot>> each : queue) {
            Thread.sleep(100);
            holding.release();
            assertThat(each).as("a slot freed within every patience").isCompletedWithValueMatching(Optional::isPresent);
            holding = each.join().orElseThrow();
        }
    }
}
