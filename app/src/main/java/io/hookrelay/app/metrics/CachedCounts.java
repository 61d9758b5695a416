package io.hookrelay.app.metrics;

import io.hookrelay.queue.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Counts by kind label, read from the store at most once per {@code maxAge}. A scrape reads one gauge per label;
 * without the cache each of them would run the same counting query.
 */
final class CachedCounts {
    private final Supplier<Map<String, Long>> read;
    private final Clock clock;
    private final Duration maxAge;

    private Map<String, Long> byLabel = Map.of();
    private boolean known;
    private Instant readAt;

    /** @param read the counts by label, every label present; may throw {@link StoreException} */
    CachedCounts(Supplier<Map<String, Long>> read, Clock clock, Duration maxAge) {
        this.read = Objects.requireNonNull(read, "read");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
    }

    /** The count for {@code label}, or NaN while the store cannot be read: unknown, not zero. */
    synchronized double count(String label) {
        Instant now = clock.instant();
        if (readAt == null || !now.isBefore(readAt.plus(maxAge))) {
            refresh();
            readAt = now;
        }
        return known ? byLabel.getOrDefault(label, 0L) : Double.NaN;
    }

    private void refresh() {
        try {
            byLabel = read.get();
            known = true;
        } catch (StoreException e) {
            known = false;
        }
    }
}
