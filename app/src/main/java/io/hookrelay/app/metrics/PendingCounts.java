package io.hookrelay.app.metrics;

import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.KindLabels;
import io.hookrelay.queue.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Pending intents per kind label, read from the store at most once per {@code maxAge}. A scrape reads one
 * gauge per label; without the cache each of them would run the same counting query.
 */
final class PendingCounts {
    private final IntentStore store;
    private final KindLabels kindLabels;
    private final Clock clock;
    private final Duration maxAge;

    private Map<String, Long> byLabel = Map.of();
    private boolean known;
    private Instant readAt;

    PendingCounts(IntentStore store, KindLabels kindLabels, Clock clock, Duration maxAge) {
        this.store = store;
        this.kindLabels = kindLabels;
        this.clock = clock;
        this.maxAge = maxAge;
    }

    /** The labels there is always a count for, zero or not. */
    Iterable<String> labels() {
        return kindLabels.fold(Map.of()).keySet();
    }

    /** The pending count for {@code label}, or NaN while the store cannot be read: unknown, not zero. */
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
            byLabel = kindLabels.fold(store.countPendingByKind());
            known = true;
        } catch (StoreException e) {
            known = false;
        }
    }
}
