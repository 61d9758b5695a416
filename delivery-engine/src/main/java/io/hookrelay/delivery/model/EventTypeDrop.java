package io.hookrelay.delivery.model;

import java.util.Locale;

/**
 * Why a source that extracts event types stored an event without one, as counted in
 * {@code relay_ingest_event_type_dropped_total{reason}}. The event is accepted all the same: a provider's
 * webhook is never refused for what it holds.
 */
public enum EventTypeDrop {
    /** The header is absent or blank, or the pointer finds no string or number (or the body is not JSON). */
    MISSING,
    /** Longer than an event type may be. */
    TOO_LONG,
    /** Holds a control character or half of a surrogate pair: nothing a route filter matches, and unsafe to show. */
    INVALID_CHARACTERS;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
