package io.hookrelay.queue.testing;

import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A real store that can be made to fail on demand: the next N calls of one operation throw
 * {@link TransientStoreException} (as a busy database does) before reaching the store, so nothing is
 * written, or every call of an operation throws a plain {@link StoreException} (as a closed or corrupt one
 * does). Operations are named after the {@link IntentStore} methods; {@code enqueue} goes through
 * {@code enqueueAll}; {@code complete}, {@code retry}, {@code fail} and {@code settleAsync} count as
 * {@code settle}, and {@code renewAll} as {@code renew}; {@code addListener} always reaches the store. It also counts the calls that have finished, so a
 * test can wait for one to happen.
 */
public final class FlakyIntentStore implements IntentStore {
    public static final Set<String> OPERATIONS = Set.of("enqueueAll", "claim", "renew", "settle", "retryNow",
            "cancel", "pause", "resume", "isPaused", "find", "attempts", "countPendingByKind", "retire", "retryAll",
            "deleteEnded", "deleteInNamespace", "liftPauses", "countSelected", "countPendingByTarget", "fifoHead", "failingFifoHeads");

    private final IntentStore delegate;
    private final Map<String, AtomicInteger> transientFailuresLeft = new ConcurrentHashMap<>();
    private final Set<String> broken = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> finishedCalls = new ConcurrentHashMap<>();

    public FlakyIntentStore(IntentStore delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The next {@code times} calls of {@code operation} throw {@link TransientStoreException}. */
    public FlakyIntentStore failNext(String operation, int times) {
        if (times < 0) {
            throw new IllegalArgumentException("times must not be negative, was " + times);
        }
        counter(transientFailuresLeft, operation).addAndGet(times);
        return this;
    }

    /** Every later call of {@code operation} throws a non-transient {@link StoreException}. */
    public FlakyIntentStore breakOperation(String operation) {
        broken.add(requireOperation(operation));
        return this;
    }

    /** Transient failures of {@code operation} still to come. */
    public int failuresLeft(String operation) {
        return counter(transientFailuresLeft, operation).get();
    }

    /** Calls of {@code operation} that have returned or thrown, injected failures included. */
    public int finishedCalls(String operation) {
        return counter(finishedCalls, operation).get();
    }

    @Override
    public List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now) {
        return call("enqueueAll", () -> delegate.enqueueAll(intents, now));
    }

    @Override
    public int retire(String kind, String target, Instant now) {
        return call("retire", () -> delegate.retire(kind, target, now));
    }

    @Override
    public int retryAll(IntentSelection selection, Instant now) {
        return call("retryAll", () -> delegate.retryAll(selection, now));
    }

    @Override
    public int deleteEnded(EndedIntents which, Collection<String> ids) {
        return call("deleteEnded", () -> delegate.deleteEnded(which, ids));
    }

    @Override
    public int deleteInNamespace(String kind, String namespace, Collection<String> ids) {
        return call("deleteInNamespace", () -> delegate.deleteInNamespace(kind, namespace, ids));
    }

    @Override
    public int liftPauses(String kind, String namespace) {
        return call("liftPauses", () -> delegate.liftPauses(kind, namespace));
    }

    @Override
    public void addListener(QueueListener listener) {
        delegate.addListener(listener);
    }

    @Override
    public List<Intent> claim(Instant now, Duration lease, int max) {
        return call("claim", () -> delegate.claim(now, lease, max));
    }

    @Override
    public boolean renew(ClaimRef claim, Instant now, Duration lease) {
        return call("renew", () -> delegate.renew(claim, now, lease));
    }

    @Override
    public Set<ClaimRef> renewAll(Collection<ClaimRef> claims, Instant now, Duration lease) {
        return call("renew", () -> delegate.renewAll(claims, now, lease));
    }

    @Override
    public boolean settle(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry, Instant now) {
        return call("settle", () -> delegate.settle(claim, settlement, logEntry, now));
    }

    /** An injected failure fails the future; otherwise the delegate's own asynchronous write answers. */
    @Override
    public CompletableFuture<Boolean> settleAsync(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry,
            Instant now) {
        try {
            failIfInjected("settle");
        } catch (StoreException e) {
            counter(finishedCalls, "settle").incrementAndGet();
            return CompletableFuture.failedFuture(e);
        }
        return delegate.settleAsync(claim, settlement, logEntry, now)
                .whenComplete((landed, thrown) -> counter(finishedCalls, "settle").incrementAndGet());
    }

    @Override
    public boolean retryNow(String id, Instant now) {
        return call("retryNow", () -> delegate.retryNow(id, now));
    }

    @Override
    public boolean cancel(String id, Instant now) {
        return call("cancel", () -> delegate.cancel(id, now));
    }

    @Override
    public void pause(String kind, String target) {
        call("pause", () -> {
            delegate.pause(kind, target);
            return null;
        });
    }

    @Override
    public void resume(String kind, String target) {
        call("resume", () -> {
            delegate.resume(kind, target);
            return null;
        });
    }

    @Override
    public boolean isPaused(String kind, String target) {
        return call("isPaused", () -> delegate.isPaused(kind, target));
    }

    @Override
    public Optional<Intent> find(String id) {
        return call("find", () -> delegate.find(id));
    }

    @Override
    public List<AttemptRecord> attempts(String intentId) {
        return call("attempts", () -> delegate.attempts(intentId));
    }

    @Override
    public int countSelected(IntentSelection selection, int atMost) {
        return call("countSelected", () -> delegate.countSelected(selection, atMost));
    }

    @Override
    public Map<String, Long> countPendingByTarget(String kind, int atMost) {
        return call("countPendingByTarget", () -> delegate.countPendingByTarget(kind, atMost));
    }

    @Override
    public Optional<Intent> fifoHead(String fifoKey) {
        return call("fifoHead", () -> delegate.fifoHead(fifoKey));
    }

    @Override
    public List<Intent> failingFifoHeads(String kind, int atMost) {
        return call("failingFifoHeads", () -> delegate.failingFifoHeads(kind, atMost));
    }

    @Override
    public Map<String, Long> countPendingByKind() {
        return call("countPendingByKind", delegate::countPendingByKind);
    }

    private <T> T call(String operation, Supplier<T> work) {
        try {
            failIfInjected(operation);
            return work.get();
        } finally {
            counter(finishedCalls, operation).incrementAndGet();
        }
    }

    private void failIfInjected(String operation) {
        if (broken.contains(operation)) {
            throw new StoreException("injected: the store is unusable for " + operation, null);
        }
        if (counter(transientFailuresLeft, operation).getAndUpdate(left -> Math.max(0, left - 1)) > 0) {
            throw new TransientStoreException("injected: the store is busy for " + operation, null);
        }
    }

    private static AtomicInteger counter(Map<String, AtomicInteger> counters, String operation) {
        return counters.computeIfAbsent(requireOperation(operation), name -> new AtomicInteger());
    }

    private static String requireOperation(String operation) {
        if (!OPERATIONS.contains(operation)) {
            throw new IllegalArgumentException("not an IntentStore operation: " + operation + "; one of " + OPERATIONS);
        }
        return operation;
    }
}
