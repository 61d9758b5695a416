package io.hookrelay.delivery.model;

import java.util.Arrays;
import java.util.Optional;

/** How a source proves that an inbound webhook came from its provider. */
public enum VerificationScheme {
    NONE("none"),
    /** {@code webhook-id}/{@code webhook-timestamp}/{@code webhook-signature} with a {@code whsec_} secret. */
    STANDARD_WEBHOOKS("standard-webhooks"),
    /** An HMAC-SHA256 of the raw body in one header, such as GitHub's {@code X-Hub-Signature-256: sha256=<hex>}. */
    HMAC_SHA256("hmac-sha256"),
    /** Stripe's {@code Stripe-Signature: t=<unix>,v1=<hex>} over {@code t.body}, with a 5-minute tolerance. */
    STRIPE("stripe");

    private final String wireName;

    VerificationScheme(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<VerificationScheme> fromWireName(String name) {
        return Arrays.stream(values()).filter(scheme -> scheme.wireName.equals(name)).findFirst();
    }
}
