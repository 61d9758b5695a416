package io.hookrelay.delivery.send;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.queue.TransientStoreException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * A tenant's {@code max_in_flight} (DESIGN §12): before a slot of its target, an attempt takes one of its tenant's,
 * kept by the same {@link DeliverySlots} under a key no target can have, so the bound holds over all the tenant's
 * targets and, where slots are shared, all nodes. Always the tenant's first, so two attempts never wait on each
 * other's. An attempt that gets either within the patience holds both until it ends; one that does not gets none
 * and waits in the store like one whose target is full: a limited delivery waits, never fails.
 */
final class TenantInFlight {
    /** The id the tenant's slots are kept under; a target's id cannot begin with {@code _}. */
    static final String SLOTS_ID = "_in_flight";

    private final DeliverySlots slots;

    TenantInFlight(DeliverySlots slots) {
        this.slots = Objects.requireNonNull(slots, "slots");
    }

    /**
     * Completes with a slot that gives back both, or with none; cancelling it gives up waiting for either.
     *
     * @throws TransientStoreException when the store could not be asked for the first slot
     */
    CompletableFuture<Optional<DeliverySlot>> acquire(ScopedId key, Tenant tenant, Target target, Duration patience) {
        OptionalInt limit = tenant.quotas().maxInFlight();
        if (limit.isEmpty()) {
            return slots.acquire(key, target, patience);
        }
        CompletableFuture<Optional<DeliverySlot>> both = new CompletableFuture<>();
        CompletableFuture<Optional<DeliverySlot>> ofTenant =
                slots.acquire(new ScopedId(key.tenant(), SLOTS_ID), limit.getAsInt(), target.timeout(), patience);
        both.whenComplete((slot, failure) -> ofTenant.cancel(false));
        ofTenant.whenComplete((tenantSlot, failure) -> {
            if (failure == null && tenantSlot.isPresent()) {
                thenTargets(both, tenantSlot.get(), key, target, patience);
            } else {
                both.complete(Optional.empty());
            }
        });
        return both;
    }

    private void thenTargets(CompletableFuture<Optional<DeliverySlot>> both, DeliverySlot tenantSlot, ScopedId key, Target target,
                             Duration patience) {
        CompletableFuture<Optional<DeliverySlot>> ofTarget;
        try {
            ofTarget = both.isDone() ? CompletableFuture.completedFuture(Optional.empty()) : slots.acquire(key, target, patience);
        } catch (TransientStoreException busy) {
            ofTarget = CompletableFuture.completedFuture(Optional.empty());
        }
        CompletableFuture<Optional<DeliverySlot>> waited = ofTarget;
        both.whenComplete((slot, failure) -> waited.cancel(false));
        waited.whenComplete((targetSlot, failure) -> {
            if (failure != null || targetSlot.isEmpty()) {
                tenantSlot.release();
                both.complete(Optional.empty());
                return;
            }
            DeliverySlot pair = () -> {
                targetSlot.get().release();
                tenantSlot.release();
            };
            if (!both.complete(Optional.of(pair))) {
                pair.release();
            }
        });
    }
}
