package io.hookrelay.delivery.retention;

import io.hookrelay.delivery.port.EndedDeliveries;
import java.time.Duration;
import java.util.Objects;

/**
 * How long ended deliveries and their events are kept.
 *
 * @param completed how long a completed delivery is kept after it completed, and an event with no delivery
 *                  left after it was received: what was delivered is history, and history costs disk
 * @param failed    how long a failed or cancelled delivery is kept after it ended: long enough for an operator
 *                  to notice, look at its attempt log and retry it
 */
public record RetentionPolicy(Duration completed, Duration failed) {
    /** A sweep that finds nothing costs a few reads; more often than this would still be noise. */
    public static final Duration MOST_OFTEN = Duration.ofSeconds(1);
    /** However long the retention, rows are never left more than this past their time. */
    public static final Duration LEAST_OFTEN = Duration.ofMinutes(10);

    public RetentionPolicy {
        requirePositive(completed, "completed");
        requirePositive(failed, "failed");
    }

    /** How long deliveries of {@code group} are kept after they ended. */
    public Duration kept(EndedDeliveries group) {
        return switch (group) {
            case COMPLETED -> completed;
            case FAILED_OR_CANCELLED -> failed;
        };
    }

    /**
     * A tenth of the shorter span, so nothing outlives its retention by more than a tenth of it, within
     * {@link #MOST_OFTEN} and {@link #LEAST_OFTEN}.
     */
    public Duration sweepEvery() {
        Duration tenth = (completed.compareTo(failed) <= 0 ? completed : failed).dividedBy(10);
        if (tenth.compareTo(MOST_OFTEN) < 0) {
            return MOST_OFTEN;
        }
        return tenth.compareTo(LEAST_OFTEN) > 0 ? LEAST_OFTEN : tenth;
    }

    private static void requirePositive(Duration span, String name) {
        Objects.requireNonNull(span, name);
        if (span.isNegative() || span.isZero()) {
            throw new IllegalArgumentException(name + " retention must be positive: " + span);
        }
    }
}
