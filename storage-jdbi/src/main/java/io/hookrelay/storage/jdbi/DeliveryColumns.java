package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.queue.IntentState;

/** How a {@link Delivery} is read back: its row joined with the intent that holds its state. */
public final class DeliveryColumns {

    private DeliveryColumns() {
    }

    public static <X extends Exception> Delivery read(StoredRow<X> row) throws X {
        return new Delivery(
                row.text("id"),
                row.text("event_id"),
                row.text("target_id"),
                IntentState.fromWireName(row.text("state")),
                row.integer("attempts"),
                row.instant("next_at"),
                row.text("last_error"),
                row.instant("created_at"),
                row.instant("updated_at"));
    }
}
