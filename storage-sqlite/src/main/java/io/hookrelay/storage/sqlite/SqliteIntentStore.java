package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.AttemptRecord.Abandonment;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.QueueNotices;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.FairShare;
import io.hookrelay.storage.jdbi.JdbiIntentStore;
import java.util.LinkedHashSet;
import io.hookrelay.storage.sqlite.connection.AttachedHandle;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@link IntentStore} on SQLite. Every write is one task for the database's single writer, so concurrent
 * calls share commits; the reads ({@link JdbiIntentStore}) come from the reader pool. The relay's stores write
 * intents together with their own rows through {@link #write}, and only so.
 */
public final class SqliteIntentStore extends JdbiIntentStore {
    /** Open intents held or released per transaction when a pair is paused or resumed. */
    static final int HOLD_CHUNK = 1_000;
    private static final long BEFORE_FIRST_ROW = 0;

    private final SqliteDatabase database;

    public SqliteIntentStore(SqliteDatabase database) {
        super(new SqliteDaoRunner(database), IntentQueryDao.class);
        this.database = database;
    }

    /**
     * @throws IllegalArgumentException when an explicit id is already used by different work: the intent
     *                                  is neither stored nor a duplicate, and nothing of the call is kept
     */
    @Override
    public List<Enqueued> enqueueAll(List<NewIntent> intents, Instant now) {
        List<NewIntent> toStore = List.copyOf(intents);
        Objects.requireNonNull(now, "now");
        if (toStore.isEmpty()) {
            return List.of();
        }
        return database.write("enqueue", handle -> new SqliteIntentWrites(handle).enqueueAll(toStore, now));
    }

    @Override
    public int retire(String kind, String target, Instant now) {
        requirePair(kind, target);
        Objects.requireNonNull(now, "now");
        return database.write("retire", handle -> new SqliteIntentWrites(handle).retire(kind, target, now));
    }

    @Override
    public int retryAll(IntentSelection selection, Instant now) {
        Objects.requireNonNull(selection, "selection");
        Objects.requireNonNull(now, "now");
        return database.write("retry all", handle -> new SqliteIntentWrites(handle).retryAll(selection, now));
    }

    @Override
    public int deleteEnded(EndedIntents which, Collection<String> ids) {
        Objects.requireNonNull(which, "which");
        List<String> candidates = List.copyOf(ids);
        return database.write("delete ended", handle -> new SqliteIntentWrites(handle).deleteEnded(which, candidates));
    }

    @Override
    public int deleteInNamespace(String kind, String namespace, Collection<String> ids) {
        List<String> candidates = List.copyOf(ids);
        return write("delete in namespace", (handle, writes) -> writes.deleteInNamespace(kind, namespace, candidates));
    }

    @Override
    public int liftPauses(String kind, String namespace) {
        return write("lift pauses", (handle, writes) -> writes.liftPauses(kind, namespace));
    }

    /** Shared by every store of the database, so it hears the writes of each relay store's own intent store. */
    @Override
    public void addListener(QueueListener listener) {
        database.intentListeners().add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Runs {@code work} in one write transaction of the single writer, with the intent writes bound to that
     * transaction: how another store writes intents together with rows of its own. The listeners are told what
     * the intent writes changed once the transaction committed, on the calling thread; a work that failed, or
     * whose batch was rolled back before it ran again alone, tells nothing of that run.
     */
    <T> T write(String operation, BiFunction<AttachedHandle, IntentWrites, T> work) {
        return told(database.write(operation, running(work)));
    }

    /**
     * {@link #write} without waiting: the future completes on the writer thread once the transaction committed
     * and the listeners were told, so whoever reacts to it must hand off anything slow.
     */
    <T> CompletableFuture<T> submit(String operation, BiFunction<AttachedHandle, IntentWrites, T> work) {
        return database.submit(operation, running(work)).thenApply(this::told);
    }

    /** Fresh intent writes for each run of the work: the writer may run it twice. */
    private static <T> Function<AttachedHandle, Written<T>> running(BiFunction<AttachedHandle, IntentWrites, T> work) {
        Objects.requireNonNull(work, "work");
        return handle -> {
            SqliteIntentWrites writes = new SqliteIntentWrites(handle);
            return new Written<>(work.apply(handle, writes), writes.notices());
        };
    }

    private <T> T told(Written<T> written) {
        written.notices().tell(database.intentListeners());
        return written.result();
    }

    /** A committed work's result, and what its intent writes have to tell. */
    private record Written<T>(T result, QueueNotices notices) {
    }

    /**
     * In plain due order, unless more is due than the claim takes and from more than one namespace: then shared
     * out as {@link FairShare} says, the rows each namespace is given first, then those of plain due order.
     */
    @Override
    protected List<Intent> claimDue(long now, long until, int max) {
        return database.write("claim", (AttachedHandle handle) -> {
            IntentDao dao = handle.attach(IntentDao.class);
            Optional<FairShare.Turn> turn = turnOf(max, () -> dao.moreDueThan(now, max), most -> dao.dueNamespaces(now, most));
            if (turn.isPresent()) {
                List<Long> rows = sharedOut(dao, turn.get(), now, max);
                dao.logAbandonedOfRows(rows, now, Abandonment.LEASE_ENDED.why());
                return dao.claimRows(rows, now, until);
            }
            if (dao.anyLeaseEnded(now)) {
                dao.logAbandonedByClaim(now, max, Abandonment.LEASE_ENDED.why());
            }
            return dao.claim(now, until, max);
        });
    }

    /** Each namespace's first row, then each one's second, and so on, then the rows of plain due order. */
    private static List<Long> sharedOut(IntentDao fair, FairShare.Turn turn, long now, int max) {
        List<List<Long>> each = turn.namespaces().stream().map(namespace -> fair.oldestDue(namespace, now, turn.each())).toList();
        Set<Long> rows = new LinkedHashSet<>();
        for (int i = 0; i < turn.each(); i++) {
            for (List<Long> ofNamespace : each) {
                if (i < ofNamespace.size()) {
                    rows.add(ofNamespace.get(i));
                }
            }
        }
        rows.addAll(fair.inDueOrder(now, max));
        return rows.stream().limit(max).toList();
    }

    /** One task for all of them, so a pool's renewal costs one statement per claim and no commit of its own. */
    @Override
    public Set<ClaimRef> renewAll(Collection<ClaimRef> claims, Instant now, Duration lease) {
        List<ClaimRef> toRenew = List.copyOf(claims);
        requirePositive(lease);
        long at = now.toEpochMilli();
        long until = Math.addExact(at, lease.toMillis());
        return writeIntents("renew", dao -> {
            Set<ClaimRef> lost = new HashSet<>();
            for (ClaimRef claim : toRenew) {
                if (!fenced(claim, dao.renew(claim, until, at))) {
                    lost.add(claim);
                }
            }
            return lost;
        });
    }

    /**
     * One task, so the outcome and its log entry commit together or not at all.
     *
     * @throws IllegalArgumentException when the intent's log already has an entry with the same attempt
     *                                  number; nothing is written then
     */
    @Override
    public boolean settle(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry, Instant now) {
        return told(database.write("settle", settling(claim, settlement, logEntry, now)));
    }

    /** {@link #settle} handed to the writer, whose group commit writes it with whatever else is waiting. */
    @Override
    public CompletableFuture<Boolean> settleAsync(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry,
            Instant now) {
        return database.submit("settle", settling(claim, settlement, logEntry, now)).thenApply(this::told);
    }

    /** An ended intent lets its lane's next one go, in the same transaction. */
    private static Function<AttachedHandle, Written<Boolean>> settling(ClaimRef claim, Settlement settlement,
            Optional<AttemptRecord> logEntry, Instant now) {
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(settlement, "settlement");
        Objects.requireNonNull(logEntry, "logEntry");
        long at = now.toEpochMilli();
        return handle -> {
            SqliteIntentWrites writes = new SqliteIntentWrites(handle);
            if (!fenced(claim, update(handle.attach(IntentDao.class), claim, settlement, at))) {
                return new Written<>(false, writes.notices());
            }
            logEntry.ifPresent(entry -> log(handle.attach(AttemptDao.class), claim.intentId(), entry));
            if (settlement.ends()) {
                writes.advanceLaneOf(claim.intentId());
            }
            return new Written<>(true, writes.notices());
        };
    }

    private static int update(IntentDao dao, ClaimRef claim, Settlement settlement, long now) {
        if (settlement instanceof Settlement.Complete) {
            return dao.complete(claim, now);
        }
        if (settlement instanceof Settlement.Retry retry) {
            return dao.retry(claim, retry.nextAt().toEpochMilli(), retry.error(), now);
        }
        if (settlement instanceof Settlement.Fail fail) {
            return dao.fail(claim, fail.error(), now);
        }
        if (settlement instanceof Settlement.Snooze snooze) {
            return dao.snooze(claim, snooze.nextAt().toEpochMilli(), now);
        }
        throw new IllegalArgumentException("unknown settlement " + settlement);
    }

    /** Throwing fails the whole task, so the writer rolls the settlement back with the refused entry. */
    private static void log(AttemptDao dao, String intentId, AttemptRecord entry) {
        AttemptDetail detail = entry.detail();
        int logged = dao.insert(intentId, entry.attempt(), entry.startedAt().toEpochMilli(), entry.duration().toMillis(),
                entry.outcome().label(), entry.error(), detail.statusCode().orElse(null), detail.excerpt());
        if (logged == 0) {
            throw new IllegalArgumentException(
                    "attempt " + entry.attempt() + " of intent " + intentId + " is already logged");
        }
    }

    @Override
    public boolean retryNow(String id, Instant now) {
        Objects.requireNonNull(id, "id");
        long at = now.toEpochMilli();
        return changedInItsLane("retry now", id, dao -> {
            dao.logAbandoned(id, at, Abandonment.RETRIED.why());
            return dao.retryNow(id, at);
        });
    }

    @Override
    public boolean cancel(String id, Instant now) {
        Objects.requireNonNull(id, "id");
        long at = now.toEpochMilli();
        return changedInItsLane("cancel", id, dao -> {
            dao.logAbandoned(id, at, Abandonment.CANCELLED.why());
            return dao.cancel(id, at);
        });
    }

    /** Runs an operator's change of intent {@code id}, then advances the intent's lane as the change may require. */
    private boolean changedInItsLane(String operation, String id, Function<IntentDao, Integer> change) {
        return told(database.write(operation, handle -> {
            SqliteIntentWrites writes = new SqliteIntentWrites(handle);
            boolean changed = change.apply(handle.attach(IntentDao.class)) == 1;
            if (changed) {
                writes.advanceLaneOf(id);
            }
            return new Written<>(changed, writes.notices());
        }));
    }

    /**
     * Marks the pair paused and holds its open intents, {@value #HOLD_CHUNK} to a transaction. Held in one
     * transaction, they kept the only writer, and every ingest and outcome behind it, waiting for the whole
     * walk, seconds for a large backlog; between chunks, other writes go on. The pause is recorded with the first chunk,
     * so a held intent is never without its pause, even if the process dies half-way; what it leaves unheld
     * is claimed as if the pause had come later, and pausing again finishes the job. Intents enqueued or
     * retried meanwhile are held as they are written.
     */
    @Override
    public void pause(String kind, String target) {
        requirePair(kind, target);
        synchronized (database.pausing()) {
            setHeldInChunks("pause", kind, target, true, pauses -> pauses.pause(kind, target));
        }
    }

    /**
     * Releases the pair's held intents a chunk at a time, then lifts the pause. The first transaction marks
     * the pause as releasing, so what is enqueued or retried meanwhile is not held and cannot end up behind
     * the walk. The pause is lifted last: dying half-way leaves the pair paused with part of its work
     * already flowing, and resuming again finishes the job.
     */
    @Override
    public void resume(String kind, String target) {
        requirePair(kind, target);
        synchronized (database.pausing()) {
            setHeldInChunks("resume", kind, target, false, pauses -> pauses.startReleasing(kind, target));
            database.write("resume", handle -> {
                handle.attach(PauseDao.class).resume(kind, target);
                return null;
            });
        }
    }

    /**
     * One transaction per chunk, in rowid order, until no open intent of the pair is left; {@code withFirst}
     * changes the pause in the first one.
     */
    private void setHeldInChunks(String operation, String kind, String target, boolean held, Consumer<PauseDao> withFirst) {
        Optional<Long> end = database.write(operation, handle -> {
            PauseDao pauses = handle.attach(PauseDao.class);
            withFirst.accept(pauses);
            return holdNextChunk(pauses, kind, target, held, BEFORE_FIRST_ROW);
        });
        while (end.isPresent()) {
            long after = end.get();
            end = database.write(operation, handle -> holdNextChunk(handle.attach(PauseDao.class), kind, target, held, after));
        }
    }

    /** @return the last rowid of the chunk, or none when no open intent of the pair is left after {@code after} */
    private static Optional<Long> holdNextChunk(PauseDao pauses, String kind, String target, boolean held, long after) {
        Optional<Long> end = pauses.endOfChunk(kind, target, after, HOLD_CHUNK);
        end.ifPresent(upTo -> pauses.setHeld(kind, target, held, after, upTo));
        return end;
    }

    private <T> T writeIntents(String operation, Function<IntentDao, T> work) {
        return database.write(operation, (AttachedHandle handle) -> work.apply(handle.attach(IntentDao.class)));
    }

    /** The primary key makes more than one row impossible; seeing it means the fence itself is broken. */
    private static boolean fenced(ClaimRef claim, int rows) {
        if (rows > 1) {
            throw new IllegalStateException("a fenced write changed " + rows + " rows for intent " + claim.intentId());
        }
        return rows == 1;
    }
}
