package io.hookrelay.queue;

import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * What a store adapter's {@link IntentWrites} have to tell {@link QueueListener}s, held back until the
 * transaction that made the changes has committed: a worker woken or called off by a change that was then
 * rolled back would act on something that never happened. One per run of a transaction's work, so a work the
 * adapter runs again after a rollback starts with none. Not thread-safe: it belongs to the transaction.
 */
public final class QueueNotices {
    private boolean workAvailable;
    private final Set<ClaimRef> revoked = new LinkedHashSet<>();

    /** See {@link QueueListener#workAvailable}. */
    public void workAvailable() {
        workAvailable = true;
    }

    /** See {@link QueueListener#claimRevoked}. */
    public void claimRevoked(ClaimRef claim) {
        revoked.add(Objects.requireNonNull(claim, "claim"));
    }

    /** Tells each of {@code listeners} what was noted, work available once at most; call after the commit. */
    public void tell(Iterable<? extends QueueListener> listeners) {
        for (QueueListener listener : listeners) {
            revoked.forEach(listener::claimRevoked);
            if (workAvailable) {
                listener.workAvailable();
            }
        }
    }
}
