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
 * <p>The attempts of this node that find a target full wait in its {@link SlotLane}: a slot one of them gives
 * back goes straight to the next, and only the lane asks the database for the slots other nodes give back. So
 * a full target costs one write per attempt and a few asks a second, however many attempts wait for it.
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
    private static final Logger log = LoggerFactory.getLogger(PostgresDeliverySlots.class);

    private final PostgresDatabase database;
    private final Map<ScopedId, SlotLane> lanes = new ConcurrentHashMap<>();
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
        CompletableFuture<Optional<DeliverySlot>> slot = lanes.computeIfAbsent(key, id -> new SlotLane(this, id.key()))
                .acquire(target, patience);
        if (closed) {
            slot.complete(Optional.empty());
        }
        return slot;
    }

    @Override
    public void giveUpWaiting(ScopedId target) {
        SlotLane lane = lanes.get(target);
        if (lane != null) {
            lane.endWaiting();
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
        lanes.values().forEach(SlotLane::endWaiting);
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

    /** Runs {@code task} on this store's pool after {@code delayMillis}; false once this store is closed. */
    boolean later(Runnable task, long delayMillis) {
        try {
            pool.schedule(task, delayMillis, TimeUnit.MILLISECONDS);
            return true;
        } catch (RejectedExecutionException closing) {
            return false;
        }
    }

    /** How many slots there are, and how long an attempt holding one takes at most. */
    record Limit(int slots, Duration longest) {
        Limit {
            Objects.requireNonNull(longest, "longest");
        }

        long heldUntil(long now) {
            return now + longest.plus(HOLD_MARGIN).toMillis();
        }
    }

    /** What one ask found: the slot it took, if any, and who held the target's slots before it. */
    record Ask(Optional<PostgresDeliverySlot> slot, String turnover) {
    }

    /**
     * One ask under a holder of its own. One that failed with its connection may still have taken a slot, its
     * answer lost: that slot is given back as a released one is, rather than left out of use for its hold. A
     * target's first asks, on several threads at once, each find no slot rows; whichever creates them, each asks
     * again, so none waits for a poll while the slots it found missing stand free.
     *
     * @throws TransientStoreException when the database could not be asked
     */
    Ask ask(SlotLane lane, Limit target) {
        String holder = UUID.randomUUID().toString();
        long now = database.clock().millis();
        long heldUntil = target.heldUntil(now);
        try {
            SlotDao.Asked asked = database.read("take a delivery slot", handle -> {
                SlotDao slots = handle.attach(SlotDao.class);
                SlotDao.Asked first = slots.take(lane.key(), target.slots(), holder, now, heldUntil);
                if (first.taken().isEmpty() && (slots.create(lane.key(), target.slots()) > 0 || first.turnover() == null)) {
                    return slots.take(lane.key(), target.slots(), holder, now, heldUntil);
                }
                return first;
            });
            return new Ask(asked.taken().map(slot -> new PostgresDeliverySlot(lane, slot, holder, heldUntil, 0)), asked.turnover());
        } catch (TransientStoreException unreachable) {
            new PostgresDeliverySlot(lane, null, holder, heldUntil, 0).giveBackLater();
            throw unreachable;
        }
    }

    /**
     * {@code from}'s slot, held now by a holder of its own for an attempt within {@code target}'s limit, in one
     * write; none when {@code from} no longer holds it (its hold lapsed and was taken over) or the limit has no
     * room for it. {@code from} is spent either way: what it still holds is given back.
     */
    Optional<PostgresDeliverySlot> handOver(PostgresDeliverySlot from, Limit target) {
        String holder = UUID.randomUUID().toString();
        long now = database.clock().millis();
        long heldUntil = target.heldUntil(now);
        PostgresDeliverySlot to = new PostgresDeliverySlot(from.lane, from.slot, holder, heldUntil, from.passes + 1);
        try {
            int moved = database.read("hand a delivery slot over", handle -> handle.attach(SlotDao.class)
                    .handOver(from.lane.key(), from.slot, from.holder, holder, target.slots(), now, heldUntil));
            if (moved == 1) {
                return Optional.of(to);
            }
            from.giveBack();
        } catch (TransientStoreException unreachable) {
            from.giveBackLater();
            to.giveBackLater();
        } catch (RuntimeException e) {
            log.warn("slot {} of target {} could not be handed over; it frees itself after its hold: {}",
                    from.slot, from.lane.key(), e.getMessage());
        }
        return Optional.empty();
    }

    /**
     * One attempt's hold on a slot row, freed only while it is still this holder's. A take that failed with its
     * connection may still have taken one, unknown to it: its hold has no slot number and frees whichever of the
     * target's slots the holder has. Released, it goes to the next attempt of this node waiting in its lane.
     */
    final class PostgresDeliverySlot implements DeliverySlot {
        private final SlotLane lane;
        private final Integer slot;
        private final String holder;
        /** When the hold lapses by itself, by the database's clock. */
        private final long heldUntil;
        /** How many times in a row this node passed the slot from one of its attempts to the next. */
        private final int passes;
        private final AtomicBoolean released = new AtomicBoolean();

        PostgresDeliverySlot(SlotLane lane, Integer slot, String holder, long heldUntil, int passes) {
            this.lane = lane;
            this.slot = slot;
            this.holder = holder;
            this.heldUntil = heldUntil;
            this.passes = passes;
        }

        int passes() {
            return passes;
        }

        @Override
        public void release() {
            if (released.compareAndSet(false, true)) {
                lane.passOn(this);
            }
        }

        /**
         * Frees the slot in the database. One the database could not be told of (it was unreachable for a while)
         * is given back again every {@link #GIVE_BACK_AGAIN} until its hold lapses by itself: left alone it would
         * be out of use until then, and a target whose slots were all in flight when the database went away would
         * wait that long once it is back.
         */
        void giveBack() {
            try {
                database.read("give back a delivery slot", handle -> slot == null
                        ? handle.attach(SlotDao.class).freeAnyOf(lane.key(), holder)
                        : handle.attach(SlotDao.class).free(lane.key(), slot, holder));
            } catch (TransientStoreException e) {
                if (database.clock().millis() >= heldUntil || !later(this::giveBack, GIVE_BACK_AGAIN.toMillis())) {
                    log.warn("slot {} of target {} could not be given back; it frees itself after its hold: {}",
                            slot, lane.key(), e.getMessage());
                }
            } catch (RuntimeException e) {
                log.warn("slot {} of target {} could not be given back; it frees itself after its hold: {}",
                        slot, lane.key(), e.getMessage());
            }
        }

        /** {@link #giveBack} from this store's pool, after a pause: the database just failed to answer. */
        void giveBackLater() {
            if (!later(this::giveBack, GIVE_BACK_AGAIN.toMillis())) {
                log.warn("slot {} of target {} could not be given back; it frees itself after its hold", slot, lane.key());
            }
        }
    }
}
