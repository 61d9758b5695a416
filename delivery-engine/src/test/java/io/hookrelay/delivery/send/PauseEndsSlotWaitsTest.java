package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class PauseEndsSlotWaitsTest {
    private final List<String> gaveUp = new CopyOnWriteArrayList<>();
    private final PauseEndsSlotWaits listener = new PauseEndsSlotWaits(new DeliverySlots() {
        @Override
        public CompletableFuture<Optional<DeliverySlot>> acquire(Target target, Duration patience) {
            throw new AssertionError("no slot is taken here");
        }

        @Override
        public void giveUpWaiting(String targetId) {
            gaveUp.add(targetId);
        }

        @Override
        public Executor attemptEnds() {
            throw new AssertionError("no attempt ends here");
        }
    });

    @Test
    void aPausedTargetsDeliveriesStopWaitingForItsSlots() {
        listener.paused(Delivery.KIND, "erp");

        assertThat(gaveUp).containsExactly("erp");
    }

    @Test
    void aPauseOfAnotherKindOfWorkLeavesTheSlotsAlone() {
        listener.paused("email", "erp");
        listener.workAvailable();

        assertThat(gaveUp).isEmpty();
    }
}
