package io.hookrelay.queue;

import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The intent writes a store adapter's other stores make inside transactions of their own: a relay stores an
 * event together with its delivery intents, or deletes a target together with cancelling its work. They go
 * through these operations and never through statements of their own, so each adapter keeps one set of
 * rules for intents (fences, pause holds) and the store's listeners hear of every change once it commits.
 * {@link IntentStore} offers the same operations, each in a transaction of its own.
 */
public interface IntentWrites {

    /**
     * Stores each intent unless {@code (kind, eventId, target)} already exists, which changes nothing.
     *
     * @throws IllegalArgumentException when an explicit id is already used by other work; nothing of the call
     *                                  is kept then
     */
    List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now);

    /**
     * Ends the work of {@code (kind, target)}, as when the target itself goes away: its {@code pending} and
     * {@code running} intents become {@code cancelled}, fencing off running claims (whose holders are told),
     * and the pair's pause, if any, is lifted, since nothing is left for it to hold. Ended intents stay as they
     * are, as history.
     *
     * @return how many intents were cancelled
     */
    int retire(String kind, String target, Instant now);

    /**
     * Operator retry of every intent {@code selection} matches, as {@link IntentStore#retryNow} does each:
     * {@code pending}, due at {@code now}, attempt counts kept.
     *
     * @return how many intents changed
     */
    int retryAll(IntentSelection selection, Instant now);

    /**
     * Deletes those of {@code ids} that still are intents {@code which} describes, with their attempt logs;
     * the others are left alone, since anything may have happened to them since they were found.
     *
     * @return how many were deleted
     */
    int deleteEnded(EndedIntents which, Collection<String> ids);

    /**
     * Deletes those of {@code ids} that are intents of {@code kind} to a target in {@code namespace} (as
     * {@link IntentSelection} names them), in whatever state, with their attempt logs: for when everything of the
     * namespace goes, so nothing is left to deliver or to read. A running one's claim is fenced off and its holder
     * told, as by {@link #retire}; a FIFO lane is not advanced past a deleted head, since its other intents, of
     * the same target, go too. The others of {@code ids} are left alone.
     *
     * @return how many were deleted
     */
    int deleteInNamespace(String kind, String namespace, Collection<String> ids);

    /**
     * Lifts every pause of {@code kind}'s work to a target in {@code namespace}, once its intents are gone and
     * nothing is left for the pauses to hold.
     *
     * @return how many pauses were lifted
     */
    int liftPauses(String kind, String namespace);
}
