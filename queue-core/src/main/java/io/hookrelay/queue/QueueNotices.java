package io.hookrelay.queue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a store adapter's {@link IntentWrites} have to tell {@link QueueListener}s, held back until the
 * transaction that made the changes has committed: a worker woken or called off by a change that was then
 * rolled back would act on something that never happened. One per run of a transaction's work, so a work the
 * adapter runs again after a rollback starts with none. An adapter whose other processes must hear of the
 * changes too reads them back to send them on. Not thread-safe: it belongs to the transaction.
 */
public final class QueueNotices {
    private boolean workAvailable;
    private final Set<ClaimRef> revoked = new LinkedHashSet<>();
    private final Set<Pause> pauses = new LinkedHashSet<>();

    /** A {@code (kind, target)} pair that was paused. */
    public record Pause(String kind, String target) {
        public Pause {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(target, "target");
        }
    }

    /** See {@link QueueListener#workAvailable}. */
    public void workAvailable() {
        workAvailable = true;
    }

    /** See {@link QueueListener#claimRevoked}. */
    public void claimRevoked(ClaimRef claim) {
        revoked.add(Objects.requireNonNull(claim, "claim"));
    }

    /** See {@link QueueListener#paused}. */
    public void paused(String kind, String target) {
        pauses.add(new Pause(kind, target));
    }

    public boolean isWorkAvailable() {
        return workAvailable;
    }

    public List<ClaimRef> revoked() {
        return List.copyOf(revoked);
    }

    public List<Pause> pauses() {
        return List.copyOf(pauses);
    }

    /** Tells each of {@code listeners} what was noted, work available once at most; call after the commit. */
    public void tell(Iterable<? extends QueueListener> listeners) {
        listeners.forEach(this::tell);
    }

    /** {@link #tell(Iterable)} for one listener. */
    public void tell(QueueListener listener) {
        revoked.forEach(listener::claimRevoked);
        pauses.forEach(pause -> listener.paused(pause.kind(), pause.target()));
        if (workAvailable) {
            listener.workAvailable();
        }
    }
}
