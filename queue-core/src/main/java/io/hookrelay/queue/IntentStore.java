package io.hookrelay.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Durable storage of intents: the port every store adapter implements and {@code IntentStoreContract}
 * checks.
 *
 * <p>Time is always passed in rather than read by the store, so the rules can be tested with a clock a
 * test moves, and so every instant a write records comes from the one {@code Clock} the caller owns.
 *
 * <p>Writes after a claim ({@link #renew}, {@link #renewAll}, {@link #settle}, {@link #settleAsync} and the
 * shorthands) are fenced by the {@link ClaimRef}: they change the row only while it is still {@code running}
 * under that token. A {@code false} answer means the caller lost the claim (its lease expired and another
 * worker took it, or an operator retried or cancelled it) and must discard its result; it is an expected
 * race, never an error.
 *
 * <p>Failures are thrown as {@link StoreException}: {@link TransientStoreException} when repeating the
 * same call may succeed, any other {@code StoreException} when the store cannot be used any more.
 */
public interface IntentStore extends IntentWrites {

    /** Stores the intent unless {@code (kind, eventId, target)} already exists, which changes nothing. */
    default Enqueued enqueue(NewIntent intent, Instant now) {
        return enqueueAll(List.of(intent), now).get(0);
    }

    /** Enqueues every intent in one transaction: all are durable when this returns, or none is. */
    @Override
    List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now);

    /**
     * Atomically takes up to {@code max} due intents ({@code pending} with {@code nextAt <= now}, or
     * {@code running} whose lease ended at or before {@code now}), skipping paused {@code (kind, target)}
     * pairs and FIFO intents that are not their lane's head, in order of {@code nextAt, createdAt, id}. Each comes back {@code running}, with one more
     * attempt, a fresh random token and a lease until {@code now + lease}. When more pending intents are due than
     * {@code max}, from more than one namespace (the part of a target before {@code /}), the claim is shared out
     * between the namespaces as {@link FairShare} says rather than taken in that order.
     */
    List<Intent> claim(Instant now, Duration lease, int max);

    /** Extends a claim's lease to {@code now + lease}. */
    boolean renew(ClaimRef claim, Instant now, Duration lease);

    /**
     * Extends the leases of all {@code claims} as {@link #renew} does each one: how a pool keeps every
     * intent it owns, started or not, in one write rather than one per intent. The default renews them one
     * by one.
     *
     * @return the claims that were lost; whoever holds them must give them up
     */
    default Set<ClaimRef> renewAll(Collection<ClaimRef> claims, Instant now, Duration lease) {
        Set<ClaimRef> lost = new HashSet<>();
        for (ClaimRef claim : claims) {
            if (!renew(claim, now, lease)) {
                lost.add(claim);
            }
        }
        return lost;
    }

    /**
     * Writes how a claimed attempt ended, under the claim's fence, together with its attempt-log entry when
     * one is given: both land in one transaction or neither does.
     *
     * @throws IllegalArgumentException when the intent's log already holds an entry with that attempt number
     *                                  (each claim has its own); nothing is written then
     */
    boolean settle(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry, Instant now);

    /**
     * {@link #settle}, answered when the write is durable rather than by blocking: a store that commits
     * several callers' writes together (group commit) can then take a worker's next outcome while this one
     * waits for its commit. The future fails with what {@code settle} throws. The default settles on the
     * calling thread.
     */
    default CompletableFuture<Boolean> settleAsync(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry,
            Instant now) {
        try {
            return CompletableFuture.completedFuture(settle(claim, settlement, logEntry, now));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Settles a claimed intent as {@code completed}, without an attempt-log entry. */
    default boolean complete(ClaimRef claim, Instant now) {
        return settle(claim, new Settlement.Complete(), Optional.empty(), now);
    }

    /** Returns a claimed intent to {@code pending}, due at {@code nextAt}, recording why. */
    default boolean retry(ClaimRef claim, Instant nextAt, String error, Instant now) {
        return settle(claim, new Settlement.Retry(nextAt, error), Optional.empty(), now);
    }

    /** Settles a claimed intent as {@code failed}, recording why. */
    default boolean fail(ClaimRef claim, String error, Instant now) {
        return settle(claim, new Settlement.Fail(error), Optional.empty(), now);
    }

    /**
     * Operator retry: a {@code pending}, {@code running}, {@code failed} or {@code cancelled} intent becomes
     * {@code pending} and due at {@code now}, keeping its attempt count. A running claim is fenced off.
     *
     * @return false when the intent does not exist or is {@code completed}
     */
    boolean retryNow(String id, Instant now);

    /**
     * Operator cancel: a {@code pending} or {@code running} intent becomes {@code cancelled}, fencing off a
     * running claim.
     *
     * @return false when the intent does not exist or is already terminal
     */
    boolean cancel(String id, Instant now);

    /** Stops claims of {@code (kind, target)} until {@link #resume}; its intents keep their states. */
    void pause(String kind, String target);

    void resume(String kind, String target);

    boolean isPaused(String kind, String target);

    Optional<Intent> find(String id);

    /** The intent's attempt log, oldest first; empty for an unknown intent. */
    List<AttemptRecord> attempts(String intentId);

    /**
     * How many intents {@link IntentWrites#retryAll} would send again now, counting no further than {@code atMost}:
     * what an operator is shown before a bulk retry, cheap however many there are.
     */
    int countSelected(IntentSelection selection, int atMost);

    /**
     * How many intents of {@code kind} are {@code pending}, by target, counting no more than {@code atMost} in all:
     * which targets a backlog waits on, cheap however large it is. Targets with none are absent.
     */
    Map<String, Long> countPendingByTarget(String kind, int atMost);

    /** The check every store makes of the {@code atMost} its counts are given: a bug, if it fails. */
    static void requireCountLimit(int atMost) {
        if (atMost < 0) {
            throw new IllegalArgumentException("a count goes no further than a number of at least 0, not " + atMost);
        }
    }

    /**
     * The head of FIFO lane {@code fifoKey} (see {@link NewIntent#fifoKey}): the one intent of the lane that may
     * be claimed, and that holds the rest back. Empty when nothing of the lane is open.
     */
    Optional<Intent> fifoHead(String fifoKey);

    /**
     * The FIFO heads of {@code kind} that have failed at least once and not ended, holding their lanes back
     * until they succeed, fail for good or are cancelled; at most {@code atMost}, in no particular order. What
     * an operator must be shown: everything behind them waits.
     */
    List<Intent> failingFifoHeads(String kind, int atMost);

    /** How many intents are {@code pending}, by raw kind; kinds with none may be absent. */
    Map<String, Long> countPendingByKind();

    /**
     * Tells {@code listener} of intent changes that did not come through this store's own calls, whose callers
     * know what they changed: writes the adapter's other stores made through {@link IntentWrites} in their
     * own transactions, told once those committed, and, where several processes share the store, changes made
     * by the others. New or newly due work is told as {@link QueueListener#workAvailable}, each running claim
     * a change fenced off as {@link QueueListener#claimRevoked}. Listeners are called on whichever thread
     * learnt of the change.
     */
    void addListener(QueueListener listener);
}
