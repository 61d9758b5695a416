package io.hookrelay.http;

import java.time.Instant;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One interval of a node's activity, ending {@code at}: webhooks accepted, deliveries made and attempts that
 * failed, each per second, and the mean time from an event's arrival to its delivery, when anything was delivered.
 */
public record ActivitySample(Instant at, double acceptedPerSecond, double deliveredPerSecond, double failedPerSecond,
                             OptionalDouble meanLagMillis) {
    public ActivitySample {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(meanLagMillis, "meanLagMillis");
        if (acceptedPerSecond < 0 || deliveredPerSecond < 0 || failedPerSecond < 0) {
            throw new IllegalArgumentException("rates are never negative");
        }
    }
}
