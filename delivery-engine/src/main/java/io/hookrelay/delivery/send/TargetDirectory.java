package io.hookrelay.delivery.send;

import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.TargetStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Cached reads of targets for the delivery path, which looks a target up on every attempt and for every
 * retry decision. This process's admin changes call {@link #forget}; another node's change to a shared store
 * is seen once the copy is {@code maxAge} old, when the next look-up reads the store again.
 *
 * <p>A missing target is not cached (a target created later under the same id must be found), and neither
 * is a failed read: a busy store must not leave a target looking deleted.
 */
public final class TargetDirectory {
    /**
     * Young enough that a change made on any node reaches every node's deliveries within a second, with most
     * of that second left for an attempt that read the old copy just before the change to reach its receiver
     * on a busy machine.
     */
    public static final Duration DEFAULT_MAX_AGE = Duration.ofMillis(200);

    private final TargetStore targets;
    private final Duration maxAge;
    private final Clock clock;
    private final Map<String, Copy> cache = new ConcurrentHashMap<>();

    public TargetDirectory(TargetStore targets, Duration maxAge, Clock clock) {
        this.targets = Objects.requireNonNull(targets, "targets");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (maxAge.isNegative()) {
            throw new IllegalArgumentException("maxAge must not be negative, was " + maxAge);
        }
    }

    /**
     * The target, from the cache while its copy is younger than the max age, or else the store.
     *
     * <p>The store read happens inside {@code compute}, which holds the entry while it runs: an admin change
     * that commits and then calls {@link #forget} during the read waits for it and removes what it loaded, so
     * a stale target can never outlive the change that replaced it.
     *
     * @throws io.hookrelay.queue.StoreException when the store cannot be read
     */
    public Optional<Target> find(String targetId) {
        Copy cached = cache.get(targetId);
        if (cached != null && cached.isFresh()) {
            return Optional.of(cached.target);
        }
        Copy found = cache.compute(targetId, (id, current) -> current != null && current.isFresh()
                ? current
                : targets.find(id).map(target -> new Copy(target, clock.instant())).orElse(null));
        return Optional.ofNullable(found).map(copy -> copy.target);
    }

    public void forget(String targetId) {
        cache.remove(targetId);
    }

    private final class Copy {
        private final Target target;
        private final Instant readAt;

        private Copy(Target target, Instant readAt) {
            this.target = target;
            this.readAt = readAt;
        }

        private boolean isFresh() {
            return clock.instant().isBefore(readAt.plus(maxAge));
        }
    }
}
