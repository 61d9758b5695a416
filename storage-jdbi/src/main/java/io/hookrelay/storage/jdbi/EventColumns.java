package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.port.EventCandidate;
import java.util.Map;
import java.util.Optional;

/**
 * How an event is read back: whole, as a summary for lists, or as a candidate for retention. Its headers are
 * the one part each database keeps in a form of its own, so the adapter reads them.
 */
public final class EventColumns {

    private EventColumns() {
    }

    public static <X extends Exception> Event read(StoredRow<X> row, Map<String, String> headers) throws X {
        return new Event(
                row.text("id"),
                row.text("source_id"),
                Optional.ofNullable(row.text("event_type")),
                row.instant("received_at"),
                row.text("content_type"),
                headers,
                row.bytes("body"));
    }

    public static <X extends Exception> EventSummary summary(StoredRow<X> row) throws X {
        return new EventSummary(
                row.text("id"),
                row.text("source_id"),
                Optional.ofNullable(row.text("event_type")),
                row.instant("received_at"),
                row.text("content_type"),
                row.integer("body_bytes"));
    }

    public static <X extends Exception> EventCandidate candidate(StoredRow<X> row, StoredForms<X> forms) throws X {
        return new EventCandidate(row.text("id"), row.instant("received_at"), forms.flag(row.value("has_deliveries")));
    }
}
