package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class TenantInFlightTest {
    private static final Duration PATIENCE = Duration.ofMillis(250);
    private static final Target TARGET = new Target("erp", URI.create("https://receiver.example/hooks"),
            "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", Duration.ofSeconds(5), List.of(), 10);
    private static final TenantId ACME = TenantId.of("acme");
    private static final ScopedId KEY = new ScopedId(ACME, "erp");
    private static final ScopedId TENANTS_SLOTS = new ScopedId(ACME, TenantInFlight.SLOTS_ID);

    private final ScriptedSlots slots = new ScriptedSlots();
    private final TenantInFlight inFlight = new TenantInFlight(slots);

    @Test
    void aTenantWithoutALimitTakesOnlyItsTargetsSlot() {
        CompletableFuture<Optional<DeliverySlot>> slot = inFlight.acquire(KEY, tenant(OptionalInt.empty()), TARGET, PATIENCE);

        assertThat(slots.asked()).containsExactly(KEY);
        slots.grant(KEY);
        assertThat(slot.join()).isPresent();
    }

    @Test
    void aLimitedTenantsSlotIsTakenFirstWithItsLimitAndBothAreGivenBackTogether() {
        CompletableFuture<Optional<DeliverySlot>> slot = inFlight.acquire(KEY, tenant(OptionalInt.of(3)), TARGET, PATIENCE);
        assertThat(slots.asked()).containsExactly(TENANTS_SLOTS);
        assertThat(slots.limits).containsEntry(TENANTS_SLOTS, 3);

        slots.grant(TENANTS_SLOTS);
        assertThat(slots.asked()).containsExactly(TENANTS_SLOTS, KEY);
        slots.grant(KEY);
        slot.join().orElseThrow().release();

        assertThat(slots.released).containsExactly(KEY, TENANTS_SLOTS);
    }

    @Test
    void noSlotOfTheTenantMeansNoneAndTheTargetIsNotAsked() {
        CompletableFuture<Optional<DeliverySlot>> slot = inFlight.acquire(KEY, tenant(OptionalInt.of(1)), TARGET, PATIENCE);

        slots.refuse(TENANTS_SLOTS);

        assertThat(slot.join()).isEmpty();
        assertThat(slots.asked()).containsExactly(TENANTS_SLOTS);
    }

    @Test
    void noSlotOfTheTargetGivesTheTenantsBack() {
        CompletableFuture<Optional<DeliverySlot>> slot = inFlight.acquire(KEY, tenant(OptionalInt.of(1)), TARGET, PATIENCE);
        slots.grant(TENANTS_SLOTS);

        slots.refuse(KEY);

        assertThat(slot.join()).isEmpty();
        assertThat(slots.released).containsExactly(TENANTS_SLOTS);
    }

    @Test
    void givingUpWhileTheTargetIsAwaitedCancelsThatWaitAndGivesTheTenantsBack() {
        CompletableFuture<Optional<DeliverySlot>> slot = inFlight.acquire(KEY, tenant(OptionalInt.of(1)), TARGET, PATIENCE);
        slots.grant(TENANTS_SLOTS);

        slot.cancel(false);

        assertThat(slots.waits.get(KEY).isCancelled()).isTrue();
        assertThat(slots.released).containsExactly(TENANTS_SLOTS);
    }

    private static Tenant tenant(OptionalInt maxInFlight) {
        return Tenant.created("acme", "Acme", new TenantQuotas(OptionalInt.empty(), maxInFlight, OptionalInt.empty(),
                OptionalInt.empty()), Instant.EPOCH);
    }

    /** Slots granted or refused when the test says, recording what was asked for and given back. */
    private static final class ScriptedSlots implements DeliverySlots {
        final Map<ScopedId, CompletableFuture<Optional<DeliverySlot>>> waits = new LinkedHashMap<>();
        final Map<ScopedId, Integer> limits = new LinkedHashMap<>();
        final List<ScopedId> released = new ArrayList<>();

        @Override
        public CompletableFuture<Optional<DeliverySlot>> acquire(ScopedId key, int limit, Duration longest, Duration patience) {
            limits.put(key, limit);
            return waits.computeIfAbsent(key, asked -> new CompletableFuture<>());
        }

        List<ScopedId> asked() {
            return List.copyOf(waits.keySet());
        }

        void grant(ScopedId key) {
            waits.get(key).complete(Optional.of(() -> released.add(key)));
        }

        void refuse(ScopedId key) {
            waits.get(key).complete(Optional.empty());
        }

        @Override
        public void giveUpWaiting(ScopedId target) {
            throw new AssertionError("no pause here");
        }

        @Override
        public Executor attemptEnds() {
            throw new AssertionError("no attempt ends here");
        }
    }
}
