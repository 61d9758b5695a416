package io.hookrelay.storage.sqlite;

import static io.hookrelay.storage.jdbi.JdbiIntentStore.changedBefore;
import static io.hookrelay.storage.jdbi.JdbiIntentStore.changedSince;

import io.hookrelay.queue.AttemptRecord.Abandonment;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueNotices;
import io.hookrelay.storage.sqlite.connection.AttachedHandle;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * {@link IntentWrites} inside one write transaction, on the writer's handle: the statements every intent write
 * of the adapter goes through, whether {@link SqliteIntentStore} or another store runs it. What its listeners
 * must hear is noted in {@link #notices()}, to be told only once the transaction committed. One per run of a
 * work, since the writer may run a work again alone after rolling back the batch it was in.
 */
final class SqliteIntentWrites implements IntentWrites {
    private final AttachedHandle handle;
    private final QueueNotices notices = new QueueNotices();

    SqliteIntentWrites(AttachedHandle handle) {
        this.handle = handle;
    }

    QueueNotices notices() {
        return notices;
    }

    @Override
    public List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now) {
        IntentDao dao = handle.attach(IntentDao.class);
        long at = now.toEpochMilli();
        List<Enqueued> results = new ArrayList<>(intents.size());
        for (NewIntent intent : intents) {
            results.add(enqueueOne(dao, intent, at));
        }
        if (results.stream().anyMatch(result -> !result.duplicate())) {
            notices.workAvailable();
        }
        return results;
    }

    private Enqueued enqueueOne(IntentDao dao, NewIntent intent, long now) {
        long nextAt = intent.nextAt().map(Instant::toEpochMilli).orElse(now);
        int inserted = dao.insertUnlessPresent(intent.id(), intent.kind(), intent.eventId(), intent.target(),
                intent.payload(), nextAt, now, intent.fifoKey().orElse(null));
        if (inserted == 1) {
            intent.fifoKey().ifPresent(this::advance);
            return new Enqueued(intent.id(), false);
        }
        String storedId = dao.findIdOf(intent.kind(), intent.eventId(), intent.target())
                .orElseThrow(() -> new IllegalArgumentException(
                        "intent id " + intent.id() + " is already used by other work"));
        return new Enqueued(storedId, true);
    }

    /** The running claims are read first, in the same transaction, so exactly those fenced off are told. */
    @Override
    public int retire(String kind, String target, Instant now) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(target, "target");
        IntentDao dao = handle.attach(IntentDao.class);
        List<ClaimRef> running = dao.runningClaimsOf(kind, target);
        List<String> lanes = handle.attach(LaneDao.class).openLanesOf(kind, target);
        if (!running.isEmpty()) {
            dao.logAbandonedOfPair(kind, target, now.toEpochMilli(), Abandonment.CANCELLED.why());
        }
        int cancelled = dao.retire(kind, target, now.toEpochMilli());
        lanes.forEach(this::advance);
        handle.attach(PauseDao.class).resume(kind, target);
        running.forEach(notices::claimRevoked);
        return cancelled;
    }

    @Override
    public int retryAll(IntentSelection selection, Instant now) {
        String kind = selection.kind();
        String state = selection.state().wireName();
        String target = selection.target().orElse(null);
        String namespace = selection.namespace().orElse(null);
        List<String> lanes = handle.attach(LaneDao.class).lanesSelected(kind, state, target, namespace, changedSince(selection),
                changedBefore(selection));
        int retried = handle.attach(IntentDao.class).retryAll(kind, state, target, namespace, changedSince(selection),
                changedBefore(selection), now.toEpochMilli());
        lanes.forEach(this::advance);
        if (retried > 0) {
            notices.workAvailable();
        }
        return retried;
    }

    /** Advances the lane of intent {@code id}, if it has one, after a write that may have ended its head. */
    void advanceLaneOf(String id) {
        handle.attach(LaneDao.class).laneOf(id).ifPresent(this::advance);
    }

    /** See {@link LaneDao#advance}; a new head is work that became claimable. */
    private void advance(String fifoKey) {
        if (handle.attach(LaneDao.class).advance(fifoKey) > 0) {
            notices.workAvailable();
        }
    }

    @Override
    public int deleteEnded(EndedIntents which, Collection<String> ids) {
        List<String> candidates = List.copyOf(ids);
        if (candidates.isEmpty()) {
            return 0;
        }
        return handle.attach(IntentDao.class).deleteEnded(stateIn(which), candidates, which.kind(),
                which.endedBefore().toEpochMilli());
    }

    /** The running claims are read first, in the same transaction, so exactly those fenced off are told. */
    @Override
    public int deleteInNamespace(String kind, String namespace, Collection<String> ids) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(namespace, "namespace");
        List<String> candidates = List.copyOf(ids);
        if (candidates.isEmpty()) {
            return 0;
        }
        IntentDao dao = handle.attach(IntentDao.class);
        List<ClaimRef> running = dao.runningClaimsInNamespace(candidates, kind, namespace);
        int deleted = dao.deleteInNamespace(candidates, kind, namespace);
        running.forEach(notices::claimRevoked);
        return deleted;
    }

    @Override
    public int liftPauses(String kind, String namespace) {
        return handle.attach(PauseDao.class).liftPauses(Objects.requireNonNull(kind, "kind"),
                Objects.requireNonNull(namespace, "namespace"));
    }

    /**
     * The states as a condition written into the statement: they are enum constants, never input. In a fixed
     * order, so each set is always the same statement and its prepared form is reused.
     */
    private static String stateIn(EndedIntents which) {
        return which.states().stream()
                .sorted(Comparator.naturalOrder())
                .map(state -> "'" + state.wireName() + "'")
                .collect(Collectors.joining(", ", "+state IN (", ")"));
    }
}
