package io.hookrelay.delivery.send;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Cached reads of configuration for the delivery path, which looks a target (and its event's source) up on every
 * attempt and for every retry decision. This process's admin changes call {@link #forget}; another node's change
 * to a shared store is seen once the copy is {@code maxAge} old, when the next look-up reads the store again.
 *
 * <p>A missing entry is not cached (one created later under the same id must be found). A failed read fails the
 * look-ups that waited for it and those of the next max age, as it failed, never as a missing entry: a busy store must
 * not leave a target looking deleted.
 *
 * @param <T> what is looked up by id, such as a {@link io.hookrelay.delivery.model.Target}
 */
public final class Directory<K, T> {
    /**
     * Young enough that a change made on any node reaches every node's deliveries within a second, with most
     * of that second left for an attempt that read the old copy just before the change to reach its receiver
     * on a busy machine.
     */
    public static final Duration DEFAULT_MAX_AGE = Duration.ofMillis(200);

    private final Function<K, Optional<T>> store;
    private final Duration maxAge;
    private final Clock clock;
    private final Map<K, Copy> cache = new ConcurrentHashMap<>();

    /** @param store reads one entry by id, such as a {@code TargetStore}'s find */
    public Directory(Function<K, Optional<T>> store, Duration maxAge, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (maxAge.isNegative()) {
            throw new IllegalArgumentException("maxAge must not be negative, was " + maxAge);
        }
    }

    /**
     * The entry, from the cache while its copy is younger than the max age, or else the store.
     *
     * <p>The store read happens inside {@code compute}, which holds the entry while it runs: an admin change
     * that commits and then calls {@link #forget} during the read waits for it and removes what it loaded, so
     * a stale copy can never outlive the change that replaced it. Look-ups of the entry that came meanwhile wait for
     * the read too; when it fails they fail with it, at once, rather than each try again in turn: on a store that
     * takes seconds to fail (a database cut off), a line of waiting look-ups would otherwise wait that long each.
     *
     * @throws io.hookrelay.queue.StoreException when the store cannot be read
     */
    public Optional<T> find(K id) {
        Copy cached = cache.get(id);
        if (cached == null || !cached.isFresh()) {
            cached = cache.compute(id, (key, current) -> current != null && current.isFresh() ? current : read(key));
        }
        if (cached == null) {
            return Optional.empty();
        }
        if (cached.failure != null) {
            throw cached.failure;
        }
        return Optional.of(cached.entry);
    }

    /**
     * A copy's age counts from when its read began: a read that waits (for a pooled connection, say) may return what
     * the store held before a change that committed meanwhile, and must not count as fresh from its end. A failure's
     * counts from when it came.
     */
    private Copy read(K id) {
        Instant started = clock.instant();
        try {
            return store.apply(id).map(entry -> new Copy(entry, null, started)).orElse(null);
        } catch (RuntimeException failed) {
            return new Copy(null, failed, clock.instant());
        }
    }

    public void forget(K id) {
        cache.remove(id);
    }

    private final class Copy {
        private final T entry;
        private final RuntimeException failure;
        private final Instant readAt;

        private Copy(T entry, RuntimeException failure, Instant readAt) {
            this.entry = entry;
            this.failure = failure;
            this.readAt = readAt;
        }

        private boolean isFresh() {
            return clock.instant().isBefore(readAt.plus(maxAge));
        }
    }
}
