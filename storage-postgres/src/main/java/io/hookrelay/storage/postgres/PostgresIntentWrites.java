package io.hookrelay.storage.postgres;

import static io.hookrelay.storage.jdbi.JdbiIntentStore.changedBefore;
import static io.hookrelay.storage.jdbi.JdbiIntentStore.changedSince;

import io.hookrelay.queue.AttemptRecord.Abandonment;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueNotices;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.jdbi.v3.core.Handle;

/**
 * {@link IntentWrites} inside one open transaction: every write runs on its handle and notes what listeners
 * must hear in its {@link QueueNotices}. It lives only as long as that transaction; a repeated transaction
 * gets a new one, so nothing of a rolled-back run is told.
 */
final class PostgresIntentWrites implements IntentWrites {
    private final Handle handle;
    private final QueueNotices changes;

    PostgresIntentWrites(Handle handle, QueueNotices changes) {
        this.handle = Objects.requireNonNull(handle, "handle");
        this.changes = Objects.requireNonNull(changes, "changes");
    }

    /**
     * @throws IllegalArgumentException when an explicit id is already used by different work; the caller's
     *                                  transaction must then roll back, which keeps nothing of the call
     */
    @Override
    public List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now) {
        List<NewIntent> toStore = List.copyOf(intents);
        if (toStore.isEmpty()) {
            return List.of();
        }
        List<Enqueued> results = Enqueues.insert(handle, List.of(new Enqueues.Request(toStore, now))).get(0);
        if (results.stream().anyMatch(result -> !result.duplicate())) {
            changes.workAvailable();
        }
        return results;
    }

    @Override
    public int retire(String kind, String target, Instant now) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(target, "target");
        handle.attach(LaneDao.class).lockOpenLanesOf(kind, target);
        List<IntentDao.Taken> cancelled = handle.attach(IntentDao.class).retire(kind, target, now.toEpochMilli(),
                Abandonment.CANCELLED.why());
        advanceAfterTheFact(cancelled.stream().map(IntentDao.Taken::fifoKey).toList());
        handle.attach(PauseDao.class).resume(kind, target);
        cancelled.forEach(this::revokeIfRunning);
        return cancelled.size();
    }

    @Override
    public int retryAll(IntentSelection selection, Instant now) {
        Objects.requireNonNull(selection, "selection");
        String kind = selection.kind();
        String state = selection.state().wireName();
        String target = selection.target().orElse(null);
        String namespace = selection.namespace().orElse(null);
        handle.attach(LaneDao.class).lockLanesSelected(kind, state, target, namespace, changedSince(selection),
                changedBefore(selection));
        List<IntentDao.RetriedLane> lanes = handle.attach(IntentDao.class).retryAll(kind, state, target, namespace,
                changedSince(selection), changedBefore(selection), now.toEpochMilli());
        advanceAfterTheFact(lanes.stream().map(IntentDao.RetriedLane::fifoKey).toList());
        int retried = lanes.stream().mapToInt(IntentDao.RetriedLane::retried).sum();
        if (retried > 0) {
            changes.workAvailable();
        }
        return retried;
    }

    @Override
    public int deleteEnded(EndedIntents which, Collection<String> ids) {
        Objects.requireNonNull(which, "which");
        String[] candidates = ids.toArray(String[]::new);
        if (candidates.length == 0) {
            return 0;
        }
        String[] states = which.states().stream().map(IntentState::wireName).toArray(String[]::new);
        return handle.attach(IntentDao.class).deleteEnded(which.kind(), states, which.endedBefore().toEpochMilli(), candidates);
    }

    @Override
    public int deleteInNamespace(String kind, String namespace, Collection<String> ids) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(namespace, "namespace");
        String[] candidates = ids.toArray(String[]::new);
        if (candidates.length == 0) {
            return 0;
        }
        List<IntentDao.Taken> deleted = handle.attach(IntentDao.class).deleteInNamespace(kind, namespace, candidates);
        deleted.forEach(this::revokeIfRunning);
        return deleted.size();
    }

    @Override
    public int liftPauses(String kind, String namespace) {
        return handle.attach(PauseDao.class).liftPauses(Objects.requireNonNull(kind, "kind"),
                Objects.requireNonNull(namespace, "namespace"));
    }

    /** Operator retry of one intent; see {@link io.hookrelay.queue.IntentStore#retryNow}. */
    boolean retryNow(String id, Instant now) {
        Objects.requireNonNull(id, "id");
        List<String> lanes = handle.attach(LaneDao.class).lockLanesOf(new String[] {id});
        return handle.attach(IntentDao.class).retryNow(id, now.toEpochMilli(), Abandonment.RETRIED.why()).map(taken -> {
            advance(lanes);
            revokeIfRunning(taken);
            changes.workAvailable();
            return true;
        }).orElse(false);
    }

    /** Operator cancel of one intent; see {@link io.hookrelay.queue.IntentStore#cancel}. */
    boolean cancel(String id, Instant now) {
        Objects.requireNonNull(id, "id");
        List<String> lanes = handle.attach(LaneDao.class).lockLanesOf(new String[] {id});
        return handle.attach(IntentDao.class).cancel(id, now.toEpochMilli(), Abandonment.CANCELLED.why()).map(taken -> {
            advance(lanes);
            revokeIfRunning(taken);
            return true;
        }).orElse(false);
    }

    /**
     * Advances the lanes of rows a bulk write changed. Their lanes were locked first, as the write's own snapshot
     * saw them; a row that entered a lane between that lock and the write is only known now, so its lane is locked
     * here, after the rows (a circular wait this may rarely make is a deadlock the transaction is retried for).
     */
    private void advanceAfterTheFact(List<String> fifoKeys) {
        String[] keys = fifoKeys.stream().filter(Objects::nonNull).distinct().toArray(String[]::new);
        if (keys.length > 0) {
            advance(handle.attach(LaneDao.class).lock(keys));
        }
    }

    /** See {@link LaneDao#advance}; the lanes must be locked. A new head is work that became claimable. */
    private void advance(List<String> lanes) {
        if (!lanes.isEmpty() && handle.attach(LaneDao.class).advance(lanes.toArray(String[]::new)) > 0) {
            changes.workAvailable();
        }
    }

    private void revokeIfRunning(IntentDao.Taken taken) {
        if (IntentState.RUNNING.wireName().equals(taken.state())) {
            changes.claimRevoked(new ClaimRef(taken.id(), taken.claimToken()));
        }
    }
}
