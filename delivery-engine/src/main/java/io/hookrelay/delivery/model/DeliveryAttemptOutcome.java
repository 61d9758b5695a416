package io.hookrelay.delivery.model;

import java.util.Locale;

/**
 * How one delivery attempt ended, as counted in {@code relay_delivery_attempts_total{outcome}} and as the
 * class at the start of an attempt's error text.
 */
public enum DeliveryAttemptOutcome {
    SUCCESS,
    /** A redirect, which is never followed: the target's URL should be fixed instead. */
    HTTP_3XX,
    HTTP_4XX,
    HTTP_5XX,
    TIMEOUT,
    /** No connection to send on: refused, unreachable, unknown host, or a TLS handshake that failed. Nothing was sent. */
    CONNECT_ERROR,
    /** The connection broke after it was made, or the exchange failed in another way. */
    IO_ERROR,
    /** The target's host is, or resolved to, an address the egress policy denies. Nothing was sent. */
    EGRESS_DENIED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
