package io.hookrelay.http;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One interval of a tenant's activity on a node, ending {@code at}: webhooks accepted, deliveries made and attempts
 * that failed, each per second, the mean time from an event's arrival to its delivery, when anything was delivered,
 * and the deliveries waiting by target at its end (of every node: they are read from the database).
 */
public record ActivitySample(Instant at, double acceptedPerSecond, double deliveredPerSecond, double failedPerSecond,
                             OptionalDouble meanLagMillis, Map<String, Long> pendingByTarget) {
    public ActivitySample {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(meanLagMillis, "meanLagMillis");
        pendingByTarget = Map.copyOf(pendingByTarget);
        if (acceptedPerSecond < 0 || deliveredPerSecond < 0 || failedPerSecond < 0) {
            throw new IllegalArgumentException("rates are never negative");
        }
    }
}
