package io.hookrelay.delivery.send;

import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.TargetStore;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Cached reads of targets for the delivery path, which looks a target up on every attempt and for every
 * retry decision; admin changes call {@link #forget}.
 *
 * <p>A missing target is not cached (a target created later under the same id must be found), and neither
 * is a failed read: a busy store must not leave a target looking deleted.
 */
public final class TargetDirectory {
    private final TargetStore targets;
    private final Map<String, Target> cache = new ConcurrentHashMap<>();

    public TargetDirectory(TargetStore targets) {
        this.targets = Objects.requireNonNull(targets, "targets");
    }

    /**
     * The target, from the cache or else the store.
     *
     * <p>The store read happens inside {@code computeIfAbsent}, which holds the entry while it runs: an admin
     * change that commits and then calls {@link #forget} during the read waits for it and removes what it
     * loaded, so a stale target can never outlive the change that replaced it.
     *
     * @throws io.hookrelay.queue.StoreException when the store cannot be read
     */
    public Optional<Target> find(String targetId) {
        Target cached = cache.get(targetId);
        if (cached != null) {
            return Optional.of(cached);
        }
        return Optional.ofNullable(cache.computeIfAbsent(targetId, id -> targets.find(id).orElse(null)));
    }

    public void forget(String targetId) {
        cache.remove(targetId);
    }
}
