package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
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
    private final List<ScopedId> gaveUp = new CopyOnWriteArrayList<>();
    private final PauseEndsSlotWaits listener = new PauseEndsSlotWaits(new DeliverySlots() {
        @Override
        public CompletableFuture<Optional<DeliverySlot>> acquire(ScopedId key, int limit, Duration longest, Duration patience) {
            throw new AssertionError("no slot is taken here");
        }

        @Override
        public void giveUpWaiting(ScopedId target) {
            gaveUp.add(target);
        }

        @Override
        public Executor attemptEnds() {
            throw new AssertionError("no attempt ends here");
        }
    });

    @Test
    void aPausedTargetsDeliveriesStopWaitingForItsSlotsInItsTenant() {
        listener.paused(Delivery.KIND, "erp");
        listener.paused(Delivery.KIND, "acme/erp");

        assertThat(gaveUp).containsExactly(new ScopedId(TenantId.DEFAULT, "erp"), new ScopedId(TenantId.of("acme"), "erp"));
    }

    @Test
    void aPauseOfAnotherKindOfWorkLeavesTheSlotsAlone() {
        listener.paused("email", "erp");
        listener.workAvailable();

        assertThat(gaveUp).isEmpty();
    }
}
