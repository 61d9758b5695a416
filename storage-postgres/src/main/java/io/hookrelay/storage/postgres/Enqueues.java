package io.hookrelay.storage.postgres;

import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.NewIntent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Handle;

/**
 * Writes several callers' enqueues with one insert statement: the enqueues' half of the store's group commit,
 * and the one way intents are inserted. The callers' intents go in in the order the callers came, so a batch
 * behaves as its callers one after another: an id or {@code (kind, eventId, target)} that an earlier caller
 * stored is a duplicate for a later one. The rows of one statement share one creation time, the latest of
 * its callers' {@code now}; each intent's default due time is its own caller's {@code now}. Intents of FIFO
 * lanes join them waiting, under the lanes' locks (see {@link LaneDao}), and the lanes then advance.
 */
final class Enqueues implements GroupCommitter.BatchWrite<Enqueues.Request, List<Enqueued>> {

    /** One caller's intents: what {@link io.hookrelay.queue.IntentStore#enqueueAll} was given. */
    record Request(List<NewIntent> intents, Instant now) {
        Request {
            intents = List.copyOf(intents);
            Objects.requireNonNull(now, "now");
        }
    }

    /**
     * An intent's explicit id is already used by different work. Its caller keeps nothing: the transaction
     * rolls back. Callers after it in the statement may have met its rows, so only it is known to be refused.
     */
    static final class IdInUse extends IllegalArgumentException {
        private final int caller;

        private IdInUse(int caller, String id) {
            super("intent id " + id + " is already used by other work");
            this.caller = caller;
        }
    }

    private final Runnable workAvailable;

    /** @param workAvailable run after a committed batch that stored an intent */
    Enqueues(Runnable workAvailable) {
        this.workAvailable = Objects.requireNonNull(workAvailable, "workAvailable");
    }

    /** @throws GroupCommitter.Refused for the first caller whose explicit id is already used by other work */
    @Override
    public List<List<Enqueued>> write(Handle handle, List<Request> batch) {
        try {
            return insert(handle, batch);
        } catch (IdInUse refused) {
            throw new GroupCommitter.Refused(Map.of(refused.caller, refused));
        }
    }

    @Override
    public void committed(List<Request> batch, List<List<Enqueued>> answers) {
        if (answers.stream().flatMap(List::stream).anyMatch(result -> !result.duplicate())) {
            workAvailable.run();
        }
    }

    /**
     * Inserts every caller's intents in one statement, inside the caller's transaction.
     *
     * @return each caller's results, one per intent: the stored intent's id, and whether it was already there
     * @throws IdInUse for the first caller one of whose explicit ids is already used by different work; the
     *                 transaction must roll back
     */
    static List<List<Enqueued>> insert(Handle handle, List<Request> callers) {
        List<NewIntent> all = new ArrayList<>();
        List<Long> dueAts = new ArrayList<>();
        long now = Long.MIN_VALUE;
        for (Request caller : callers) {
            long at = caller.now().toEpochMilli();
            now = Math.max(now, at);
            for (NewIntent intent : caller.intents()) {
                all.add(intent);
                dueAts.add(intent.nextAt().map(Instant::toEpochMilli).orElse(at));
            }
        }
        String[] fifoKeys = all.stream().map(intent -> intent.fifoKey().orElse(null)).toArray(String[]::new);
        List<String> lanes = Arrays.stream(fifoKeys).anyMatch(Objects::nonNull)
                ? handle.attach(LaneDao.class).lock(fifoKeys)
                : List.of();
        EnqueueDao dao = handle.attach(EnqueueDao.class);
        Set<String> stored = new HashSet<>(dao.insertUnlessPresent(
                all.stream().map(NewIntent::id).toArray(String[]::new),
                all.stream().map(NewIntent::kind).toArray(String[]::new),
                all.stream().map(NewIntent::eventId).toArray(String[]::new),
                all.stream().map(NewIntent::target).toArray(String[]::new),
                all.stream().map(NewIntent::payload).toArray(String[]::new),
                dueAts.toArray(Long[]::new), fifoKeys, now));
        if (!lanes.isEmpty()) {
            handle.attach(LaneDao.class).advance(lanes.toArray(String[]::new));
        }
        Set<String> repeated = repeatedIds(all);
        List<List<Enqueued>> results = new ArrayList<>(callers.size());
        for (int caller = 0; caller < callers.size(); caller++) {
            List<Enqueued> ofCaller = new ArrayList<>();
            for (NewIntent intent : callers.get(caller).intents()) {
                ofCaller.add(resultOf(dao, intent, stored, repeated, caller));
            }
            results.add(List.copyOf(ofCaller));
        }
        return results;
    }

    /**
     * What became of {@code intent}, taking its id out of {@code stored} when it is the row stored under it.
     * An id that occurs once in the statement and came back was stored by that intent; one that occurs more
     * than once, by the first of them whose {@code (kind, eventId, target)} the stored row has.
     */
    private static Enqueued resultOf(EnqueueDao dao, NewIntent intent, Set<String> stored, Set<String> repeated, int caller) {
        String id = intent.id();
        if (!repeated.contains(id) && stored.remove(id)) {
            return new Enqueued(id, false);
        }
        Optional<String> existing = findIdOf(dao, intent);
        if (existing.filter(id::equals).isPresent() && stored.remove(id)) {
            return new Enqueued(id, false);
        }
        return new Enqueued(existing.orElseThrow(() -> new IdInUse(caller, id)), true);
    }

    private static Optional<String> findIdOf(EnqueueDao dao, NewIntent intent) {
        return dao.findIdOf(intent.kind(), intent.eventId(), intent.target());
    }

    private static Set<String> repeatedIds(List<NewIntent> intents) {
        Set<String> seen = new HashSet<>();
        Set<String> repeated = new HashSet<>();
        intents.forEach(intent -> {
            if (!seen.add(intent.id())) {
                repeated.add(intent.id());
            }
        });
        return repeated;
    }
}
