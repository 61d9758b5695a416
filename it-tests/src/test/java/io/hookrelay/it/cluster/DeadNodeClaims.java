package io.hookrelay.it.cluster;

import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.queue.testing.Await;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The claims a killed (or cut off) node held, told apart from those of live nodes by how long they stay held after
 * the kill.
 */
final class DeadNodeClaims {
    /** The lease a node's claims run on when nothing renews them (the relay's default). */
    static final Duration LEASE = Duration.ofSeconds(30);
    static final Duration TAKEOVER_ALLOWANCE = LEASE.plusSeconds(5);

    private DeadNodeClaims() {
    }

    /**
     * Watches the intents running at the kill, signalled at {@code killedAtNanos} ({@link System#nanoTime()}), until
     * each has left the claim it had then, and returns those that kept it at least {@code heldOnlyByTheDead}, longer
     * than a live node's attempt takes: the dead node's. Fails unless all have been retaken within the lease and five
     * seconds.
     */
    static Set<String> awaitRetaken(RelayDatabase database, long killedAtNanos, Duration heldOnlyByTheDead)
            throws InterruptedException {
        Map<String, Long> lastSeenHeld = new HashMap<>();
        Map<String, String> stillHeld = new HashMap<>(database.runningClaims());
        Await.until("every claim held at the kill taken over or settled", TAKEOVER_ALLOWANCE, () -> {
            Map<String, String> now = database.runningClaims();
            long seenAt = System.nanoTime();
            stillHeld.entrySet().removeIf(claim -> !claim.getValue().equals(now.get(claim.getKey())));
            stillHeld.keySet().forEach(id -> lastSeenHeld.put(id, seenAt));
            return stillHeld.isEmpty();
        });
        return lastSeenHeld.entrySet().stream()
                .filter(seen -> seen.getValue() - killedAtNanos >= heldOnlyByTheDead.toNanos())
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }
}
