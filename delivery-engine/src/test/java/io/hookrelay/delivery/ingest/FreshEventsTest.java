package io.hookrelay.delivery.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.Event;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FreshEventsTest {
    private static final Instant NOW = Instant.parse("2026-11-30T09:00:00Z");

    @Test
    void anEventIsHeldForAsManyAttemptsAsItHasDeliveries() {
        FreshEvents fresh = new FreshEvents(FreshEvents.DEFAULT_CAPACITY_BYTES);
        Event event = event("evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0E", 100);

        fresh.hold(event, 2);

        assertThat(fresh.take(event.id())).contains(event);
        assertThat(fresh.take(event.id())).contains(event);
        assertThat(fresh.take(event.id())).as("a retry reads the store").isEmpty();
        assertThat(fresh.heldBytes()).isZero();
    }

    @Test
    void theOldestArePushedOutToStayWithinTheCapacity() {
        Event oldest = event("evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0A", 1_000);
        Event middle = event("evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0B", 1_000);
        Event newest = event("evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0C", 1_000);
        FreshEvents fresh = new FreshEvents(4_000);

        fresh.hold(oldest, 1);
        fresh.hold(middle, 1);
        fresh.hold(newest, 1);

        assertThat(fresh.heldBytes()).isBetween(1L, 4_000L);
        assertThat(fresh.take(oldest.id())).isEmpty();
        assertThat(fresh.take(middle.id())).contains(middle);
        assertThat(fresh.take(newest.id())).contains(newest);
    }

    @Test
    void anEventLargerThanTheCapacityOrWithNoDeliveriesIsNotHeld() {
        FreshEvents fresh = new FreshEvents(4_000);
        Event large = event("evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0A", 5_000);
        Event undelivered = event("evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0B", 10);

        fresh.hold(large, 1);
        fresh.hold(undelivered, 0);

        assertThat(fresh.take(large.id())).isEmpty();
        assertThat(fresh.take(undelivered.id())).isEmpty();
        assertThat(fresh.heldBytes()).isZero();
    }

    @Test
    void aNegativeCapacityIsRefused() {
        assertThatThrownBy(() -> new FreshEvents(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    private static Event event(String id, int bodyBytes) {
        return new Event(id, "shop", Optional.empty(), NOW, "application/json", Map.of("user-agent", "test"),
                new byte[bodyBytes]);
    }
}
