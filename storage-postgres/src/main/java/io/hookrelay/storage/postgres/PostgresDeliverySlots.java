package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.send.DeliverySlot;
import io.hookrelay.delivery.send.DeliverySlots;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link DeliverySlots} as rows of {@code target_slots}, shared by every node on the database: an attempt
 * holds one of its target's rows, marked with a holder of its own, until it ends. Rows are created the first
 * time a target's limit needs them.
 *
 * <p>A holder marks its slot held until the target's timeout plus {@link #HOLD_MARGIN} from now, longer than
 * the attempt can take; a node that stops without giving it back (a crash, a lost connection) has its slots
 * taken over once that passes.
 *
 * <p>Another node's release wakes no one here, so an attempt that finds its target full asks again a few tens
 * of milliseconds later, backing off, until the patience is over; then it gives up as it would on SQLite.
 * Asking again runs on a small pool of this node's own, so waiting holds no worker.
 */
public final class PostgresDeliverySlots implements DeliverySlots {
    /**
     * How much longer than its target's timeout an attempt may hold a slot: connecting, name lookups, signing,
     * and the difference between the clocks of the node that holds it and the node that would take it over.
     */
    static final Duration HOLD_MARGIN = Duration.ofSeconds(30);
    private static final long FIRST_BACKOFF_MILLIS = 10;
    private static final long LONGEST_BACKOFF_MILLIS = 50;
    private static final Logger log = LoggerFactory.getLogger(PostgresDeliverySlots.class);

    private final PostgresDatabase database;
    private final Map<String, Set<CompletableFuture<Optional<DeliverySlot>>>> waitingByTarget = new ConcurrentHashMap<>();
    private final Executor askers;

    PostgresDeliverySlots(PostgresDatabase database) {
        this.database = database;
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), work -> {
            Thread thread = new Thread(work, "hookrelay-slot-wait");
            thread.setDaemon(true);
            return thread;
        });
        pool.allowCoreThreadTimeOut(true);
        this.askers = pool;
    }

    /** @throws TransientStoreException when the first ask could not reach the database */
    @Override
    public CompletableFuture<Optional<DeliverySlot>> acquire(Target target, Duration patience) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(patience, "patience");
        Optional<DeliverySlot> now = take(target);
        if (now.isPresent()) {
            return CompletableFuture.completedFuture(now);
        }
        CompletableFuture<Optional<DeliverySlot>> waiter = new CompletableFuture<>();
        Set<CompletableFuture<Optional<DeliverySlot>>> waiting =
                waitingByTarget.computeIfAbsent(target.id(), id -> ConcurrentHashMap.newKeySet());
        waiting.add(waiter);
        waiter.whenComplete((slot, failure) -> waiting.remove(waiter));
        askAgainLater(target, waiter, System.nanoTime() + patience.toNanos(), FIRST_BACKOFF_MILLIS);
        return waiter;
    }

    @Override
    public void giveUpWaiting(String targetId) {
        Set<CompletableFuture<Optional<DeliverySlot>>> waiting = waitingByTarget.get(targetId);
        if (waiting != null) {
            waiting.forEach(waiter -> waiter.complete(Optional.empty()));
        }
    }

    private void askAgainLater(Target target, CompletableFuture<Optional<DeliverySlot>> waiter, long deadline, long backoff) {
        CompletableFuture.delayedExecutor(backoff, TimeUnit.MILLISECONDS, askers)
                .execute(() -> askAgain(target, waiter, deadline, Math.min(backoff * 2, LONGEST_BACKOFF_MILLIS)));
    }

    /**
     * A slot taken for a wait that ended meanwhile (called off, or given up on a pause) is given back at once.
     * A database that cannot be reached ends the wait as a full target does: nothing was sent.
     */
    private void askAgain(Target target, CompletableFuture<Optional<DeliverySlot>> waiter, long deadline, long backoff) {
        if (waiter.isDone()) {
            return;
        }
        Optional<DeliverySlot> slot;
        try {
            slot = take(target);
        } catch (TransientStoreException unreachable) {
            waiter.complete(Optional.empty());
            return;
        } catch (RuntimeException e) {
            waiter.completeExceptionally(e);
            return;
        }
        if (slot.isPresent()) {
            if (!waiter.complete(slot)) {
                slot.get().release();
            }
        } else if (System.nanoTime() - deadline >= 0) {
            waiter.complete(Optional.empty());
        } else {
            askAgainLater(target, waiter, deadline, backoff);
        }
    }

    private Optional<DeliverySlot> take(Target target) {
        String holder = UUID.randomUUID().toString();
        long now = database.clock().millis();
        long heldUntil = now + target.timeout().plus(HOLD_MARGIN).toMillis();
        return database.read("take a delivery slot", handle -> {
            SlotDao slots = handle.attach(SlotDao.class);
            Optional<Integer> taken = slots.take(target.id(), target.maxInFlight(), holder, now, heldUntil);
            if (taken.isEmpty() && slots.create(target.id(), target.maxInFlight()) > 0) {
                taken = slots.take(target.id(), target.maxInFlight(), holder, now, heldUntil);
            }
            return taken.map(slot -> new PostgresDeliverySlot(target.id(), slot, holder));
        });
    }

    /** One attempt's hold on a slot row, freed only while it is still this holder's. */
    private final class PostgresDeliverySlot implements DeliverySlot {
        private final String targetId;
        private final int slot;
        private final String holder;
        private final AtomicBoolean released = new AtomicBoolean();

        PostgresDeliverySlot(String targetId, int slot, String holder) {
            this.targetId = targetId;
            this.slot = slot;
            this.holder = holder;
        }

        @Override
        public void release() {
            if (!released.compareAndSet(false, true)) {
                return;
            }
            try {
                database.read("give back a delivery slot",
                        handle -> handle.attach(SlotDao.class).free(targetId, slot, holder));
            } catch (RuntimeException e) {
                log.warn("slot {} of target {} could not be given back; it frees itself after its hold: {}",
                        slot, targetId, e.getMessage());
            }
        }
    }
}
