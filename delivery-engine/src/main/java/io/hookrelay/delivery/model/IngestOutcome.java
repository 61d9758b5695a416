package io.hookrelay.delivery.model;

import java.util.Locale;

/** How an inbound webhook was answered, as counted in {@code relay_ingest_total{outcome}}. */
public enum IngestOutcome {
    ACCEPTED, DUPLICATE, UNKNOWN_SOURCE, INVALID_SIGNATURE, PAYLOAD_TOO_LARGE, UNAVAILABLE, LOOP_DETECTED, TENANT_SUSPENDED, RATE_LIMITED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
