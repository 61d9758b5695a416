package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.storage.postgres.relay.PostgresDeliverySlots.Ask;
import io.hookrelay.storage.postgres.relay.PostgresDeliverySlots.PostgresDeliverySlot;
import io.hookrelay.storage.postgres.relay.PostgresDeliverySlots.Limit;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The attempts of this node that wait for one key's slots (a target's, or a tenant's), in arrival order. A slot
 * one of them gives back is handed to the next at once, in one write. While any wait, one poll at a time asks
 * the database for a slot another node gave back or whose hold lapsed, backing off from a few to a few tens of
 * milliseconds: every attempt asking for itself would make a full target's waits a storm of asks that keeps
 * the pool's threads and connections from the attempts' ends, which are what free the slots.
 *
 * <p>A slot passed on {@link #MOST_PASSES} times in a row goes back to the database instead, so the nodes
 * waiting for the same target get their turns. What waits gives up once the key's slots were neither freed nor
 * taken, on any node, for a whole patience.
 */
final class SlotLane {
    /** How often in a row a slot goes from one attempt of this node to the next before other nodes may have it. */
    static final int MOST_PASSES = 8;
    private static final long FIRST_BACKOFF_MILLIS = 10;
    private static final long LONGEST_BACKOFF_MILLIS = 50;

    private final PostgresDeliverySlots store;
    private final String key;
    private final Deque<Waiter> waiting = new ArrayDeque<>();
    /** Whether a poll is scheduled or running; always while any attempt waits. */
    private boolean polling;
    /** When, by {@link System#nanoTime}, the key's slots last changed hands. */
    private long lastProgress = System.nanoTime();
    /** Who held the key's slots at the last ask: a digest that changes whenever one is freed or taken. */
    private String turnover;
    private long backoff = FIRST_BACKOFF_MILLIS;

    /** One attempt waiting, since {@code since} by {@link System#nanoTime}. */
    private record Waiter(CompletableFuture<Optional<DeliverySlot>> slot, Limit limit, long patienceNanos, long since) {
        boolean gaveUp(long now, long lastProgress) {
            return now - Math.max(since, lastProgress) >= patienceNanos;
        }
    }

    SlotLane(PostgresDeliverySlots store, String key) {
        this.store = store;
        this.key = key;
    }

    String key() {
        return key;
    }

    /**
     * A slot at once if none waits here and the database has one free; else a place in line.
     *
     * @throws TransientStoreException when the database could not be asked
     */
    CompletableFuture<Optional<DeliverySlot>> acquire(Limit limit, Duration patience) {
        Waiter waiter = new Waiter(new CompletableFuture<>(), limit, patience.toNanos(), System.nanoTime());
        synchronized (this) {
            if (!waiting.isEmpty()) {
                waiting.addLast(waiter);
                return waiter.slot();
            }
        }
        Ask first = store.ask(this, limit);
        if (first.slot().isPresent()) {
            return CompletableFuture.completedFuture(Optional.of(first.slot().get()));
        }
        enqueue(waiter, false, first.turnover());
        return waiter.slot();
    }

    /**
     * Gives {@code hold}, given back by its attempt, to the attempt that has waited here longest, or back to the
     * database when none waits or it was passed on enough.
     */
    void passOn(PostgresDeliverySlot hold) {
        pass(hold, Optional.empty());
    }

    /** {@link #passOn}, for a slot a poll took for {@code askedFor}: it needs no hand-over if that one still waits. */
    private void pass(PostgresDeliverySlot hold, Optional<Waiter> askedFor) {
        PostgresDeliverySlot current = hold;
        while (true) {
            Waiter next;
            synchronized (this) {
                dropEnded();
                next = current.passes() >= MOST_PASSES ? null : waiting.pollFirst();
            }
            if (next == null) {
                current.giveBack();
                return;
            }
            Optional<PostgresDeliverySlot> theirs = askedFor.filter(next::equals).isPresent()
                    ? Optional.of(current) : store.handOver(current, next.limit());
            if (theirs.isEmpty()) {
                enqueue(next, true, null);
                return;
            }
            synchronized (this) {
                lastProgress = System.nanoTime();
            }
            if (next.slot().complete(Optional.of(theirs.get()))) {
                return;
            }
            current = theirs.get();
        }
    }

    /** Ends every wait here with none: the key was paused, or the store is closing. */
    void endWaiting() {
        takeAllWaiting().forEach(waiter -> waiter.slot().complete(Optional.empty()));
    }

    private synchronized List<Waiter> takeAllWaiting() {
        List<Waiter> taken = new ArrayList<>(waiting);
        waiting.clear();
        return taken;
    }

    private void enqueue(Waiter waiter, boolean first, String turnoverSeen) {
        synchronized (this) {
            if (first) {
                waiting.addFirst(waiter);
            } else {
                waiting.addLast(waiter);
            }
            if (polling) {
                return;
            }
            polling = true;
            turnover = turnoverSeen;
            backoff = FIRST_BACKOFF_MILLIS;
        }
        pollLater(FIRST_BACKOFF_MILLIS);
    }

    private void pollLater(long delayMillis) {
        if (!store.later(this::poll, delayMillis)) {
            synchronized (this) {
                polling = false;
            }
            endWaiting();
        }
    }

    /**
     * One ask for the attempt at the head of the line. A database that cannot be reached ends every wait as a
     * full target does: nothing was sent, and each delivery is tried again later.
     */
    private void poll() {
        Waiter head;
        synchronized (this) {
            dropEnded();
            head = waiting.peekFirst();
            if (head == null) {
                polling = false;
                return;
            }
        }
        Ask ask;
        try {
            ask = store.ask(this, head.limit());
        } catch (TransientStoreException unreachable) {
            endWaiting();
            pollLater(FIRST_BACKOFF_MILLIS);
            return;
        } catch (RuntimeException e) {
            failWaiting(e);
            pollLater(FIRST_BACKOFF_MILLIS);
            return;
        }
        if (ask.slot().isPresent()) {
            backoff = FIRST_BACKOFF_MILLIS;
            pass(ask.slot().get(), Optional.of(head));
            pollLater(0);
            return;
        }
        List<Waiter> gaveUp = new ArrayList<>();
        synchronized (this) {
            long now = System.nanoTime();
            if (!Objects.equals(ask.turnover(), turnover)) {
                turnover = ask.turnover();
                lastProgress = now;
            }
            waiting.removeIf(waiter -> waiter.slot().isDone() || (waiter.gaveUp(now, lastProgress) && gaveUp.add(waiter)));
        }
        gaveUp.forEach(waiter -> waiter.slot().complete(Optional.empty()));
        backoff = Math.min(backoff * 2, LONGEST_BACKOFF_MILLIS);
        pollLater(backoff);
    }

    /** Drops the attempts at the head of the line that stopped waiting (called off, or given a slot elsewhere). */
    private void dropEnded() {
        while (!waiting.isEmpty() && waiting.peekFirst().slot().isDone()) {
            waiting.pollFirst();
        }
    }

    private void failWaiting(RuntimeException e) {
        takeAllWaiting().forEach(waiter -> waiter.slot().completeExceptionally(e));
    }
}
