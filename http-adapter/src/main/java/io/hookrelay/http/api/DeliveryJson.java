package io.hookrelay.http.api;

import io.hookrelay.delivery.model.Delivery;

/**
 * A delivery as lists and actions on it show it; {@code last_error} is null until an attempt has failed, and
 * {@code next_at} once the delivery has ended (completed, failed or cancelled), when nothing is due any more.
 */
record DeliveryJson(String id, String eventId, String target, String state, int attempts, String nextAt, String lastError,
                    String createdAt, String updatedAt) {

    /** A delivery where its event is shown: which target, and how far it got. */
    record Ref(String id, String target, String state) {
        static Ref of(Delivery delivery) {
            return new Ref(delivery.id(), delivery.targetId(), delivery.state().wireName());
        }
    }

    static DeliveryJson of(Delivery delivery) {
        return new DeliveryJson(delivery.id(), delivery.eventId(), delivery.targetId(), delivery.state().wireName(),
                delivery.attempts(), delivery.state().isTerminal() ? null : JsonTimes.format(delivery.nextAt()),
                delivery.lastError().isEmpty() ? null : delivery.lastError(),
                JsonTimes.format(delivery.createdAt()), JsonTimes.format(delivery.updatedAt()));
    }
}
