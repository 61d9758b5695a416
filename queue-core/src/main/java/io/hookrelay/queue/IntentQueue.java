package io.hookrelay.queue;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The queue as a program uses it: enqueue work and administer it, against an {@link IntentStore} and a
 * {@link Clock}. The worker pools built on the same queue are woken by its enqueues rather than waiting for
 * their next poll, which is what keeps the first attempt's latency low without polling hard.
 */
public final class IntentQueue {
    private final IntentStore store;
    private final Clock clock;
    private final List<QueueListener> listeners = new CopyOnWriteArrayList<>();

    /** Listens to {@code store}, so its pools also hear of the intent writes other stores make through it. */
    public IntentQueue(IntentStore store, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        store.addListener(new Forwarder());
    }

    public IntentStore store() {
        return store;
    }

    public Clock clock() {
        return clock;
    }

    public Enqueued enqueue(NewIntent intent) {
        return enqueueAll(List.of(intent)).get(0);
    }

    /** Enqueues all of them in one transaction, then wakes idle workers. */
    public List<Enqueued> enqueueAll(List<NewIntent> intents) {
        List<Enqueued> results = store.enqueueAll(intents, clock.instant());
        if (results.stream().anyMatch(result -> !result.duplicate())) {
            listeners.forEach(QueueListener::workAvailable);
        }
        return results;
    }

    /** See {@link IntentStore#retryNow}. */
    public boolean retryNow(String id) {
        Optional<ClaimRef> running = currentClaim(id);
        boolean changed = store.retryNow(id, clock.instant());
        if (changed) {
            running.ifPresent(this::revoke);
            listeners.forEach(QueueListener::workAvailable);
        }
        return changed;
    }

    /** See {@link IntentStore#cancel}. */
    public boolean cancel(String id) {
        Optional<ClaimRef> running = currentClaim(id);
        boolean changed = store.cancel(id, clock.instant());
        if (changed) {
            running.ifPresent(this::revoke);
        }
        return changed;
    }

    /**
     * The claim an operator's change is about to revoke. If the intent is claimed between this read and the
     * change, the new holder is not told here; it finds out at its next lease renewal, which is still fenced.
     */
    private Optional<ClaimRef> currentClaim(String id) {
        return store.find(id).flatMap(Intent::claim);
    }

    private void revoke(ClaimRef claim) {
        listeners.forEach(listener -> listener.claimRevoked(claim));
    }

    /**
     * See {@link IntentStore#pause}. Pools of this queue give back what they claimed of the pair and no worker
     * has begun; a claim that committed before the pause and is still on its way back to its pool may begin.
     */
    public void pause(String kind, String target) {
        store.pause(kind, target);
        listeners.forEach(listener -> listener.paused(kind, target));
    }

    public void resume(String kind, String target) {
        store.resume(kind, target);
        listeners.forEach(QueueListener::workAvailable);
    }

    public Optional<Intent> find(String id) {
        return store.find(id);
    }

    public void addListener(QueueListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public void removeListener(QueueListener listener) {
        listeners.remove(listener);
    }

    /** Passes what the store tells on to this queue's listeners. */
    private final class Forwarder implements QueueListener {
        @Override
        public void workAvailable() {
            listeners.forEach(QueueListener::workAvailable);
        }

        @Override
        public void claimRevoked(ClaimRef revoked) {
            revoke(revoked);
        }

        @Override
        public void paused(String kind, String target) {
            listeners.forEach(listener -> listener.paused(kind, target));
        }
    }
}
