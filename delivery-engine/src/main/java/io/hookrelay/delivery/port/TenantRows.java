package io.hookrelay.delivery.port;

/** A deleted tenant's rows, in the order a purge deletes them: rows that reference others go before those. */
public enum TenantRows {
    /** Deliveries, each with the queue's intent it is and that intent's attempt log. */
    DELIVERIES,
    /** Events, with their idempotency keys. */
    EVENTS,
    /** Audit log entries. */
    AUDIT,
    /**
     * Sources, targets, the routes between them and settings, then what is kept per target by its queue key: pauses,
     * alerts and, on a database nodes share, delivery slots, failure streaks and rate-limit buckets.
     */
    CONFIGURATION
}
