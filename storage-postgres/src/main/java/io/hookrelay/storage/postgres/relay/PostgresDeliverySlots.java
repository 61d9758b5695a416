package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.storage.postgres.PostgresDatabase;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link DeliverySlots} as rows of {@code target_slots}, shared by every node on the database: an attempt
 * holds one of its target's rows, marked with a holder of its own, until it ends. A target's rows are keyed by
 * the queue's key of it ({@link ScopedId#key}), so two tenants' targets of one id never share slots. Rows are
 * created the first time a target's limit needs them.
 *
 * <p>A holder marks its slot held until the target's timeout plus {@link #HOLD_MARGIN} from now, longer than
 * the attempt can take; a node that stops without giving it back (a crash, a lost connection) has its slots
 * taken over once that passes.
 *
 * <p>Another node's release wakes no one here, so an attempt that finds its target full asks again a few tens
 * of milliseconds later, backing off. Each ask also reads who holds the target's slots; when that changed
 * since the last ask, a slot was freed or taken meanwhile, on some node, and the patience starts again. So
 * what waits gives up only on a target that freed none for a whole patience, as on SQLite, and waits as long
 * as it takes for one whose slots keep turning over.
 *
 * <p>Asking again, and the ends of attempts ({@link #attemptEnds}), run on a small pool of this store's own,
 * so waiting holds no worker and no call here runs on the HTTP client's threads. {@link #close} stops it.
 */
public final class PostgresDeliverySlots implements DeliverySlots, AutoCloseable {
    /**
     * How much longer than its target's timeout an attempt may hold a slot: connecting, name lookups and signing.
     * Every node reads the database's clock ({@code PostgresDatabase#clock}), so nodes' own clocks do not enter.
     */
    static final Duration HOLD_MARGIN = Duration.ofSeconds(30);
    /**
     * A few: besides the asks, the end of every attempt of this node runs here, and each thread holds at most one
     * of the connections the queue needs too.
     */
    static final int THREADS = 4;
    /** How long closing waits for asks under way and ends of attempts handed over, so their slots are given back. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    /** How soon a slot that could not be given back is given back again. */
    static final Duration GIVE_BACK_AGAIN = Duration.ofMillis(500);
    private static final long FIRST_BACKOFF_MILLIS = 10;
    private static final long LONGEST_BACKOFF_MILLIS = 50;
    private static final Logger log = LoggerFactory.getLogger(PostgresDeliverySlots.class);

    private final PostgresDatabase database;
    private final Map<ScopedId, Set<CompletableFuture<Optional<DeliverySlot>>>> waitingByTarget = new ConcurrentHashMap<>();
    private final ScheduledThreadPoolExecutor pool;
    private final Executor attemptEnds = this::runAttemptEnd;
    private volatile boolean closed;

    PostgresDeliverySlots(PostgresDatabase database) {
        this.database = database;
        pool = new ScheduledThreadPoolExecutor(THREADS, DaemonThreads.named("hookrelay-slots-"));
        pool.setKeepAliveTime(30, TimeUnit.SECONDS);
        pool.allowCoreThreadTimeOut(true);
        pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        pool.setRemoveOnCancelPolicy(true);
    }

    /**
     * @throws TransientStoreException when the first ask could not reach the database
     * @throws StoreException          when this store is closed
     */
    @Override
    public CompletableFuture<Optional<DeliverySlot>> acquire(ScopedId key, int limit, Duration longest, Duration patience) {
        Objects.requireNonNull(key, "key");
        Limit target = new Limit(limit, longest);
        Objects.requireNonNull(patience, "patience");
        if (closed) {
            throw new StoreException("take a delivery slot: the delivery slots are closed", null);
        }
        Ask first = ask(key.key(), target);
        if (first.slot().isPresent()) {
            return CompletableFuture.completedFuture(first.slot());
        }
        Wait wait = new Wait(key.key(), target, patience, first.turnover());
        Set<CompletableFuture<Optional<DeliverySlot>>> waiting =
                waitingByTarget.computeIfAbsent(key, id -> ConcurrentHashMap.newKeySet());
        waiting.add(wait.slot);
        wait.slot.whenComplete((slot, failure) -> waiting.remove(wait.slot));
        if (closed) {
            wait.slot.complete(Optional.empty());
        } else {
            wait.askLater();
        }
        return wait.slot;
    }

    @Override
    public void giveUpWaiting(ScopedId target) {
        Set<CompletableFuture<Optional<DeliverySlot>>> waiting = waitingByTarget.get(target);
        if (waiting != null) {
            waiting.forEach(waiter -> waiter.complete(Optional.empty()));
        }
    }

    /**
     * This store's pool: giving a slot back and counting a failure streak are round trips to the database,
     * and a slow one must hold these threads, not the HTTP client's. Once this store is closed, the caller's
     * thread, so an attempt that ends after it still gives its slot back if the database is open.
     */
    @Override
    public Executor attemptEnds() {
        return attemptEnds;
    }

    private void runAttemptEnd(Runnable end) {
        try {
            pool.execute(end);
        } catch (RejectedExecutionException closing) {
            end.run();
        }
    }

    /**
     * Ends every wait with none and stops asking; asks under way and the ends of attempts already handed over
     * still run, for up to {@link #CLOSE_WAIT}, before the database they write to is closed. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        pool.shutdown();
        waitingByTarget.values().forEach(waiting -> waiting.forEach(waiter -> waiter.complete(Optional.empty())));
        try {
            if (!pool.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("slot calls still running after {} ms; slots they hold free themselves after their hold",
                        CLOSE_WAIT.toMillis());
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    /** How many slots there are, and how long an attempt holding one takes at most. */
    private record Limit(int slots, Duration longest) {
        Limit {
            Objects.requireNonNull(longest, "longest");
        }
    }

    /** What one ask found: the slot it took, if any, and who held the target's slots before it. */
    private record Ask(Optional<DeliverySlot> slot, String turnover) {
    }

    /**
     * One ask under a holder of its own. One that failed with its connection may still have taken a slot, its
     * answer lost: that slot is given back as a released one is, rather than left out of use for its hold.
     */
    private Ask ask(String key, Limit target) {
        String holder = UUID.randomUUID().toString();
        long now = database.clock().millis();
        long heldUntil = now + target.longest().plus(HOLD_MARGIN).toMillis();
        try {
            return take(key, target, holder, now, heldUntil);
        } catch (TransientStoreException unreachable) {
            new PostgresDeliverySlot(key, null, holder, heldUntil).releaseLater();
            throw unreachable;
        }
    }

    private Ask take(String key, Limit target, String holder, long now, long heldUntil) {
        SlotDao.Asked asked = database.read("take a delivery slot", handle -> {
            SlotDao slots = handle.attach(SlotDao.class);
            SlotDao.Asked first = slots.take(key, target.slots(), holder, now, heldUntil);
            if (first.taken().isEmpty() && slots.create(key, target.slots()) > 0) {
                return slots.take(key, target.slots(), holder, now, heldUntil);
            }
            return first;
        });
        return new Ask(asked.taken().map(slot -> new PostgresDeliverySlot(key, slot, holder, heldUntil)),
                asked.turnover());
    }

    /**
     * One attempt's wait for a slot, asking again until it gets one or the target freed none for a whole
     * patience. Its asks run one after another, each scheduled by the one before, so its fields need no lock.
     */
    private final class Wait {
        final CompletableFuture<Optional<DeliverySlot>> slot = new CompletableFuture<>();
        private final String key;
        private final Limit target;
        private final long patienceNanos;
        private String turnover;
        private long deadline;
        private long backoff = FIRST_BACKOFF_MILLIS;

        Wait(String key, Limit target, Duration patience, String turnover) {
            this.key = key;
            this.target = target;
            this.patienceNanos = patience.toNanos();
            this.turnover = turnover;
            this.deadline = System.nanoTime() + patienceNanos;
        }

        void askLater() {
            try {
                pool.schedule(this::askAgain, backoff, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException closing) {
                slot.complete(Optional.empty());
            }
        }

        /**
         * A slot taken for a wait that ended meanwhile (called off, given up on a pause, closed) is given back
         * at once. A database that cannot be reached ends the wait as a full target does: nothing was sent.
         */
        private void askAgain() {
            if (slot.isDone()) {
                return;
            }
            Ask ask;
            try {
                ask = ask(key, target);
            } catch (TransientStoreException unreachable) {
                slot.complete(Optional.empty());
                return;
            } catch (RuntimeException e) {
                slot.completeExceptionally(e);
                return;
            }
            if (ask.slot().isPresent()) {
                if (!slot.complete(ask.slot())) {
                    ask.slot().get().release();
                }
                return;
            }
            long now = System.nanoTime();
            if (!Objects.equals(ask.turnover(), turnover)) {
                turnover = ask.turnover();
                deadline = now + patienceNanos;
            }
            if (now - deadline >= 0) {
                slot.complete(Optional.empty());
            } else {
                backoff = Math.min(backoff * 2, LONGEST_BACKOFF_MILLIS);
                askLater();
            }
        }
    }

    /**
     * One attempt's hold on a slot row, freed only while it is still this holder's. A take that failed with its
     * connection may still have taken one, unknown to it: its hold has no slot number and frees whichever of the
     * target's slots the holder has.
     */
    private final class PostgresDeliverySlot implements DeliverySlot {
        private final String key;
        private final Integer slot;
        private final String holder;
        /** When the hold lapses by itself, by the database's clock. */
        private final long heldUntil;
        private final AtomicBoolean released = new AtomicBoolean();

        PostgresDeliverySlot(String key, Integer slot, String holder, long heldUntil) {
            this.key = key;
            this.slot = slot;
            this.holder = holder;
            this.heldUntil = heldUntil;
        }

        @Override
        public void release() {
            if (released.compareAndSet(false, true)) {
                giveBack();
            }
        }

        /** {@link #release} from this store's pool, after a pause: the database just failed to answer. */
        void releaseLater() {
            if (released.compareAndSet(false, true)) {
                later(this::giveBack);
            }
        }

        /**
         * A slot the database could not be told of (it was unreachable for a while) is given back again every
         * {@link #GIVE_BACK_AGAIN} until its hold lapses by itself: left alone it would be out of use until then,
         * and a target whose slots were all in flight when the database went away would wait that long once it is
         * back.
         */
        private void giveBack() {
            try {
                database.read("give back a delivery slot", handle -> slot == null
                        ? handle.attach(SlotDao.class).freeAnyOf(key, holder)
                        : handle.attach(SlotDao.class).free(key, slot, holder));
            } catch (TransientStoreException e) {
                if (database.clock().millis() >= heldUntil || !later(this::giveBack)) {
                    log.warn("slot {} of target {} could not be given back; it frees itself after its hold: {}",
                            slot, key, e.getMessage());
                }
            } catch (RuntimeException e) {
                log.warn("slot {} of target {} could not be given back; it frees itself after its hold: {}",
                        slot, key, e.getMessage());
            }
        }

        private boolean later(Runnable again) {
            try {
                pool.schedule(again, GIVE_BACK_AGAIN.toMillis(), TimeUnit.MILLISECONDS);
                return true;
            } catch (RejectedExecutionException closed) {
                return false;
            }
        }
    }
}
