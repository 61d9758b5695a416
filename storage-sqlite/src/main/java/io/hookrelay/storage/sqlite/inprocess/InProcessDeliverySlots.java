package io.hookrelay.storage.sqlite.inprocess;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@link DeliverySlots} in this process's memory, which is where they all are on SQLite: one process owns the
 * data directory, so no other process sends the same target's deliveries.
 *
 * <p>An attempt that finds its target full waits in arrival order and is handed a slot the moment one is
 * given back: a target that answers keeps freeing slots, and a backlog drains at its pace with nothing given
 * back to the store. What waits gives up only when the target freed none for a whole patience.
 *
 * <p>One small entry stays per target ever delivered to, for the life of the process.
 */
public final class InProcessDeliverySlots implements DeliverySlots {
    private final Map<ScopedId, Slots> byTarget = new ConcurrentHashMap<>();

    @Override
    public CompletableFuture<Optional<DeliverySlot>> acquire(ScopedId key, int limit, Duration longest, Duration patience) {
        Objects.requireNonNull(patience, "patience");
        return byTarget.computeIfAbsent(key, id -> new Slots()).acquire(limit, patience);
    }

    @Override
    public void giveUpWaiting(ScopedId target) {
        Slots slots = byTarget.get(target);
        if (slots != null) {
            slots.endWaiting();
        }
    }

    /**
     * The caller's thread: slots and failure streaks are in this process's memory, so an attempt's end costs
     * the HTTP client's thread no wait. The pause it may lead to writes the database, but only when a target
     * goes down, not on every attempt.
     */
    @Override
    public Executor attemptEnds() {
        return Runnable::run;
    }

    /** One target's slots, guarded by itself. */
    private static final class Slots {
        private final Deque<CompletableFuture<Optional<DeliverySlot>>> waiting = new ArrayDeque<>();
        private int held;
        private int limit = Integer.MAX_VALUE;
        /** How many slots were ever given back: a count that moved since a waiter's last look means progress. */
        private long releases;

        CompletableFuture<Optional<DeliverySlot>> acquire(int newLimit, Duration patience) {
            CompletableFuture<Optional<DeliverySlot>> slot = new CompletableFuture<>();
            long releasesSeen;
            synchronized (this) {
                limit = newLimit;
                if (held < limit) {
                    held++;
                    return CompletableFuture.completedFuture(Optional.of(new InProcessDeliverySlot(this)));
                }
                waiting.add(slot);
                releasesSeen = releases;
            }
            checkProgressLater(slot, releasesSeen, patience);
            return slot;
        }

        /** To the attempt that has waited longest, if one waits and the limit has room for it. */
        void release() {
            CompletableFuture<Optional<DeliverySlot>> next;
            do {
                synchronized (this) {
                    releases++;
                    next = held > limit ? null : waiting.poll();
                    if (next == null) {
                        held--;
                        return;
                    }
                }
            } while (!next.complete(Optional.of(new InProcessDeliverySlot(this))));
        }

        private void checkProgressLater(CompletableFuture<Optional<DeliverySlot>> slot, long releasesSeen, Duration patience) {
            CompletableFuture.delayedExecutor(patience.toNanos(), TimeUnit.NANOSECONDS, Runnable::run)
                    .execute(() -> checkProgress(slot, releasesSeen, patience));
        }

        /** A target that freed no slot for a whole patience of one waiter's is stuck for every waiter. */
        private void checkProgress(CompletableFuture<Optional<DeliverySlot>> slot, long releasesSeen, Duration patience) {
            if (slot.isDone()) {
                synchronized (this) {
                    waiting.remove(slot);
                }
                return;
            }
            long releasesNow;
            synchronized (this) {
                releasesNow = releases;
            }
            if (releasesNow == releasesSeen) {
                endWaiting();
            } else {
                checkProgressLater(slot, releasesNow, patience);
            }
        }

        void endWaiting() {
            List<CompletableFuture<Optional<DeliverySlot>>> givenUp;
            synchronized (this) {
                givenUp = new ArrayList<>(waiting);
                waiting.clear();
            }
            givenUp.forEach(waiter -> waiter.complete(Optional.empty()));
        }
    }

    /** One attempt's hold on a slot; giving it back twice frees it once. */
    private static final class InProcessDeliverySlot implements DeliverySlot {
        private final Slots slots;
        private final AtomicBoolean released = new AtomicBoolean();

        InProcessDeliverySlot(Slots slots) {
            this.slots = slots;
        }

        @Override
        public void release() {
            if (released.compareAndSet(false, true)) {
                slots.release();
            }
        }
    }
}
