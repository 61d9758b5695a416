package io.hookrelay.storage.postgres;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.QueueListener;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What one transaction changed that listeners must hear of, gathered while it runs: told to this process's
 * listeners only after the commit, since a rolled-back change must not wake anyone, and announced to other
 * processes by {@link QueueNotices} (pauses and revocations inside the transaction, which PostgreSQL delivers
 * on commit) and {@link WorkAnnouncer} (work, after the commit).
 */
final class QueueChanges {
    private boolean workAvailable;
    private final List<ClaimRef> revoked = new ArrayList<>();
    private final Set<Pair> paused = new LinkedHashSet<>();

    record Pair(String kind, String target) {
        Pair {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(target, "target");
        }
    }

    void workAvailable() {
        workAvailable = true;
    }

    void revoked(ClaimRef claim) {
        revoked.add(Objects.requireNonNull(claim, "claim"));
    }

    void paused(String kind, String target) {
        paused.add(new Pair(kind, target));
    }

    boolean isWorkAvailable() {
        return workAvailable;
    }

    List<ClaimRef> revoked() {
        return List.copyOf(revoked);
    }

    Set<Pair> paused() {
        return Set.copyOf(paused);
    }

    boolean isEmpty() {
        return !workAvailable && revoked.isEmpty() && paused.isEmpty();
    }

    void tell(QueueListener listener) {
        revoked.forEach(listener::claimRevoked);
        paused.forEach(pair -> listener.paused(pair.kind(), pair.target()));
        if (workAvailable) {
            listener.workAvailable();
        }
    }
}
