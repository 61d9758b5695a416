package io.hookrelay.storage.postgres;

import io.hookrelay.queue.AttemptRecord.Abandonment;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.FairShare;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.QueueNotices;
import io.hookrelay.queue.Settlement;
import io.hookrelay.storage.jdbi.JdbiIntentStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link IntentStore} on PostgreSQL, for any number of processes sharing one database. Nothing here assumes
 * this process is the only one: claims skip rows other claimers hold, every write after a claim is fenced by
 * its token, and a claim cut off by a crash is retaken by whoever claims once its lease has ended.
 *
 * <p>The relay's stores write intents inside their own transactions through {@link #inTransaction}, so
 * intent rows keep one set of rules whoever writes them.
 *
 * <p>Enqueues and settlements are group-committed, each by a thread of the store's ({@link GroupCommitter}):
 * many callers' writes share one transaction, each caller answered once it committed. Pauses and
 * revoked claims, which other processes must hear of, are announced with {@code NOTIFY} in the transaction
 * that makes them; new or newly due work is announced after its commit, coalesced ({@link WorkAnnouncer}).
 * A listening thread on one pooled connection tells this store's listeners what other processes announced.
 * {@link #close} stops these threads; the {@link PostgresDatabase} is closed by its owner afterwards.
 */
public final class PostgresIntentStore extends JdbiIntentStore implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PostgresIntentStore.class);

    /** How often a transaction that lost a serialization conflict or deadlock is run again before failing. */
    static final int CONFLICT_ATTEMPTS = 3;

    /** Open intents held or released per transaction when a pair is paused or resumed. */
    static final int HOLD_CHUNK = 1_000;

    private final PostgresDatabase database;
    private final List<QueueListener> listeners = new CopyOnWriteArrayList<>();
    private final NoticeChannel channel;
    private final GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues;
    private final GroupCommitter<Settlements.Request, Boolean> settlements;
    private final NotificationListener notifications;
    private final WorkAnnouncer announcer;
    private final PauseHolder holder = new PauseHolder(this);

    /** @throws io.hookrelay.queue.StoreException when the database cannot be reached */
    public PostgresIntentStore(PostgresDatabase database) {
        super(new PostgresDaoRunner(database, handle -> handle::attach), IntentQueryDao.class);
        this.database = database;
        String schema = database.read("find schema", handle -> handle.createQuery("SELECT current_schema()")
                .mapTo(String.class).one());
        this.channel = NoticeChannel.forSchema(schema);
        this.announcer = new WorkAnnouncer(database, channel);
        this.enqueues = new GroupCommitter<>(database, "enqueue", new Enqueues(announcer::workAvailable));
        this.settlements = new GroupCommitter<>(database, "settle", new Settlements(announcer::workAvailable));
        this.notifications = new NotificationListener(database.jdbi(), channel.name(), this::heard,
                () -> tellListeners(QueueListener::workAvailable));
    }

    /**
     * Runs {@code work} in one transaction together with the intent writes it makes through the
     * {@link IntentWrites} it is given, which is bound to that transaction and valid only inside it. Listeners
     * hear of those writes once the transaction has committed. A transaction that loses a serialization
     * conflict or a deadlock is run again from the start, with a fresh {@code IntentWrites}, so {@code work}
     * must do nothing it cannot repeat but its statements.
     *
     * @throws io.hookrelay.queue.TransientStoreException when the database is unreachable or busy
     */
    public <T> T inTransaction(String operation, BiFunction<Handle, IntentWrites, T> work) {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(work, "work");
        Committed<T> committed = write(operation, (handle, writes) -> work.apply(handle, writes));
        tellListeners(committed.changes()::tell);
        return committed.result();
    }

    /**
     * Hears of intent changes that did not come through this store's own calls: writes of
     * {@link #inTransaction}, told after their commit, and changes other processes announced. After the
     * notification connection was lost and is back, listeners are told work may be available, since
     * announcements in between were missed.
     */
    @Override
    public void addListener(QueueListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Handed to the enqueue committer, which writes it with whatever other enqueues are waiting, as if each
     * caller's came after those handed over before it.
     *
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
        return enqueues.call(new Enqueues.Request(toStore, now));
    }

    @Override
    public int retire(String kind, String target, Instant now) {
        return write("retire", (handle, writes) -> writes.retire(kind, target, now)).result();
    }

    @Override
    public int retryAll(IntentSelection selection, Instant now) {
        return write("retry all", (handle, writes) -> writes.retryAll(selection, now)).result();
    }

    @Override
    public int deleteEnded(EndedIntents which, Collection<String> ids) {
        List<String> candidates = List.copyOf(ids);
        return write("delete ended", (handle, writes) -> writes.deleteEnded(which, candidates)).result();
    }

    @Override
    public int deleteInNamespace(String kind, String namespace, Collection<String> ids) {
        List<String> candidates = List.copyOf(ids);
        return inTransaction("delete in namespace", (handle, writes) -> writes.deleteInNamespace(kind, namespace, candidates));
    }

    @Override
    public int liftPauses(String kind, String namespace) {
        return inTransaction("lift pauses", (handle, writes) -> writes.liftPauses(kind, namespace));
    }

    /**
     * In plain due order, unless more is due than the claim takes and from more than one namespace: then shared
     * out as {@link FairShare} says. The namespaces are found before the claim's statement; one whose work another
     * node took meanwhile simply gives the claim nothing.
     */
    @Override
    protected List<Intent> claimDue(long now, long until, int max) {
        return database.uncountedTransaction("claim", handle -> {
            ClaimDao claims = handle.attach(ClaimDao.class);
            claims.commitWithoutWaitingForTheFlush();
            Optional<FairShare.Turn> turn = turnOf(max, () -> claims.moreDueThan(now, max), most -> claims.dueNamespaces(now, most));
            return turn.isPresent()
                    ? claims.claimSharedOut(now, until, max, turn.get().namespaces().toArray(String[]::new), turn.get().each(),
                            Abandonment.LEASE_ENDED.why())
                    : claims.claim(now, until, max, Abandonment.LEASE_ENDED.why());
        });
    }

    /** One statement for all of them, each still fenced by its own token. */
    @Override
    public Set<ClaimRef> renewAll(Collection<ClaimRef> claims, Instant now, Duration lease) {
        List<ClaimRef> toRenew = List.copyOf(claims);
        requirePositive(lease);
        long at = now.toEpochMilli();
        long until = Math.addExact(at, lease.toMillis());
        if (toRenew.isEmpty()) {
            return Set.of();
        }
        String[] ids = toRenew.stream().map(ClaimRef::intentId).toArray(String[]::new);
        String[] tokens = toRenew.stream().map(ClaimRef::token).toArray(String[]::new);
        List<ClaimRef> held = database.read("renew", handle -> handle.attach(ClaimDao.class).renewAll(ids, tokens, until, at));
        Set<ClaimRef> lost = new HashSet<>(toRenew);
        held.forEach(lost::remove);
        return lost;
    }

    /**
     * @throws IllegalArgumentException when the intent's log already has an entry with the same attempt
     *                                  number; nothing is written then
     */
    @Override
    public boolean settle(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry, Instant now) {
        return settlements.call(new Settlements.Request(claim, settlement, logEntry, now));
    }

    /** Handed to the committer, which writes it with whatever other settlements are waiting. */
    @Override
    public CompletableFuture<Boolean> settleAsync(ClaimRef claim, Settlement settlement, Optional<AttemptRecord> logEntry,
            Instant now) {
        return settlements.submit(new Settlements.Request(claim, settlement, logEntry, now));
    }

    @Override
    public boolean retryNow(String id, Instant now) {
        return write("retry now", (handle, writes) -> writes.retryNow(id, now)).result();
    }

    @Override
    public boolean cancel(String id, Instant now) {
        return write("cancel", (handle, writes) -> writes.cancel(id, now)).result();
    }

    /**
     * Marks the pair paused and holds its first {@value #HOLD_CHUNK} open intents in one transaction, under
     * the pair's session lock; the rest are held afterwards by a thread of this store's ({@link PauseHolder}),
     * a chunk to a transaction, so pausing a large backlog never keeps other writers waiting on its row locks
     * for long, nor its caller for the whole backlog: a delivery's end that pauses its target returns at once.
     * The pause is recorded with the first chunk, so a held intent is never without its pause, and claims look
     * the pause up for the rows not held yet: nothing of the pair is claimed once this returns. Pausing a pair
     * that is paused already, as each of its attempts under way may when they fail together, is one read, and
     * has whatever a stopped node left unheld held too.
     */
    @Override
    public void pause(String kind, String target) {
        requirePair(kind, target);
        if (database.read("is paused", handle -> handle.attach(PauseDao.class).isHolding(kind, target))) {
            holder.holdRest(kind, target);
            return;
        }
        int changed = underPairLock("pause", kind, target, handle -> inOwnTransaction(handle, h -> {
            PauseDao pauses = h.attach(PauseDao.class);
            pauses.pause(kind, target);
            QueueNotices paused = new QueueNotices();
            paused.paused(kind, target);
            channel.announce(h, paused);
            return pauses.setHeld(kind, target, true, HOLD_CHUNK);
        }));
        if (changed > 0) {
            holder.holdRest(kind, target);
        }
    }

    /**
     * One more chunk of a paused pair's open intents held, under the pair's lock, if it is still paused and not
     * being resumed: a resume that came first has released what it found, and this must not hold anything again.
     *
     * @return how many were held; none when the pair is done
     */
    int holdChunk(String kind, String target) {
        return underPairLock("hold paused work", kind, target, handle -> inOwnTransaction(handle, h -> {
            PauseDao pauses = h.attach(PauseDao.class);
            return pauses.isHolding(kind, target) ? pauses.setHeld(kind, target, true, HOLD_CHUNK) : 0;
        }));
    }

    /**
     * Marks the pause as releasing, so what is enqueued or retried from then on is not held, releases the
     * pair's held intents a chunk at a time, then lifts the pause. Dying half-way leaves the pair paused with
     * part of its work already flowing; resuming again finishes the job.
     */
    @Override
    public void resume(String kind, String target) {
        requirePair(kind, target);
        underPairLock("resume", kind, target, handle -> {
            int changed = inOwnTransaction(handle, h -> {
                PauseDao pauses = h.attach(PauseDao.class);
                pauses.startReleasing(kind, target);
                return pauses.setHeld(kind, target, false, HOLD_CHUNK);
            });
            releaseRest(handle, kind, target, changed);
            inOwnTransaction(handle, h -> {
                h.attach(PauseDao.class).resume(kind, target);
                return null;
            });
            announcer.workAvailable();
            return null;
        });
    }

    private static void releaseRest(Handle handle, String kind, String target, int firstChunk) {
        int changed = firstChunk;
        while (changed > 0) {
            changed = inOwnTransaction(handle, h -> h.attach(PauseDao.class).setHeld(kind, target, false, HOLD_CHUNK));
        }
    }

    private <T> T underPairLock(String operation, String kind, String target, Function<Handle, T> work) {
        return database.read(operation, handle -> {
            PauseDao pauses = handle.attach(PauseDao.class);
            pauses.lockPair(kind, target);
            try {
                return work.apply(handle);
            } finally {
                pauses.unlockPair(kind, target);
            }
        });
    }

    /** Run again from the start after a deadlock or serialization conflict, as {@link #write} runs its work. */
    private static <T> T inOwnTransaction(Handle handle, Function<Handle, T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return handle.inTransaction(work::apply);
            } catch (RuntimeException e) {
                if (attempt == CONFLICT_ATTEMPTS || !PostgresErrors.isConflict(e)) {
                    throw e;
                }
            }
        }
    }

    /** A transaction's result and what it changed, once it has committed. */
    private record Committed<T>(T result, QueueNotices changes) {
    }

    /** Runs {@code work} in a transaction of its own, again from the start after a conflict. */
    private <T> Committed<T> write(String operation, BiFunction<Handle, PostgresIntentWrites, T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                Committed<T> committed = database.transaction(operation, handle -> {
                    QueueNotices changes = new QueueNotices();
                    T result = work.apply(handle, new PostgresIntentWrites(handle, changes));
                    channel.announce(handle, changes);
                    return new Committed<>(result, changes);
                });
                if (committed.changes().isWorkAvailable()) {
                    announcer.workAvailable();
                }
                return committed;
            } catch (RuntimeException e) {
                if (attempt == CONFLICT_ATTEMPTS || !PostgresErrors.isConflict(e)) {
                    throw e;
                }
            }
        }
    }

    /** What another process announced. */
    private void heard(String payload) {
        tellListeners(listener -> channel.tell(payload, listener));
    }

    /** A listener that throws must not keep the others from hearing, nor stop the thread telling them. */
    private void tellListeners(Consumer<QueueListener> telling) {
        for (QueueListener listener : listeners) {
            try {
                telling.accept(listener);
            } catch (RuntimeException e) {
                log.warn("a queue listener failed", e);
            }
        }
    }

    /**
     * Writes the enqueues and settlements already handed over, answering their callers; later ones fail as
     * closed. Then stops announcing work and listening for other processes' notices. A pause whose intents
     * are still being held is left as it is: claims skip them all the same, and the pair's next pause, on any
     * node, holds the rest.
     */
    @Override
    public void close() {
        holder.close();
        enqueues.close();
        settlements.close();
        announcer.close();
        notifications.close();
    }
}
