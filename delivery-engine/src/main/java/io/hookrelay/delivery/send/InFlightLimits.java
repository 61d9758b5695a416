package io.hookrelay.delivery.send;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * How many attempts this process has in flight per target, so a backlog released all at once (a resume, a
 * bulk retry) reaches a slow receiver at its target's pace instead of all of it together.
 *
 * <p>An attempt that finds its target full waits for a slot, in arrival order, without a thread: a target
 * that answers keeps freeing slots, and a backlog drains at its pace with nothing given back to the store.
 * A target that frees no slot for a whole {@code patience} is stuck (it hangs until its timeout): then every
 * attempt waiting for it gives up, so the attempts in flight that the pool allows over all targets are not
 * spent waiting on one that cannot take them.
 *
 * <p>In process memory is enough while one process owns the data directory, as it does on SQLite: no other
 * process sends the same target's deliveries. One small entry stays per target ever delivered to, for the life of the process.
 */
final class InFlightLimits {
    private final Map<String, Slots> byTarget = new ConcurrentHashMap<>();
    private final Executor patienceTimer;

    InFlightLimits(Duration patience) {
        Objects.requireNonNull(patience, "patience");
        this.patienceTimer = CompletableFuture.delayedExecutor(patience.toNanos(), TimeUnit.NANOSECONDS, Runnable::run);
    }

    /**
     * A slot of the target's, at once if fewer than {@code limit} attempts to it are in flight, else once one
     * frees. Completes with false, holding no slot, when the target freed none for a whole patience or was
     * paused; cancelling it gives up waiting.
     */
    CompletableFuture<Boolean> acquire(String targetId, int limit) {
        Slots slots = byTarget.computeIfAbsent(targetId, id -> new Slots());
        CompletableFuture<Boolean> slot = new CompletableFuture<>();
        boolean watch;
        synchronized (slots) {
            slots.limit = limit;
            if (slots.held < limit) {
                slots.held++;
                return CompletableFuture.completedFuture(true);
            }
            slots.waiting.add(slot);
            watch = !slots.watched;
            slots.watched = true;
            slots.releasesSeen = slots.releases;
        }
        if (watch) {
            patienceTimer.execute(() -> checkProgress(slots));
        }
        return slot;
    }

    /** Gives back a slot taken by {@link #acquire}: to the attempt that has waited longest, if one waits. */
    void release(String targetId) {
        Slots slots = byTarget.get(targetId);
        CompletableFuture<Boolean> next;
        do {
            synchronized (slots) {
                slots.releases++;
                next = slots.held > slots.limit ? null : slots.waiting.poll();
                if (next == null) {
                    slots.held--;
                    return;
                }
            }
        } while (!next.complete(true));
    }

    /** The target was paused: what waits for it gives up now rather than go out once a slot frees. */
    void giveUpWaiting(String targetId) {
        Slots slots = byTarget.get(targetId);
        if (slots != null) {
            endWaiting(slots);
        }
    }

    private void checkProgress(Slots slots) {
        boolean stuck;
        synchronized (slots) {
            slots.waiting.removeIf(CompletableFuture::isDone);
            stuck = slots.releases == slots.releasesSeen;
            slots.releasesSeen = slots.releases;
            slots.watched = !stuck && !slots.waiting.isEmpty();
        }
        if (stuck) {
            endWaiting(slots);
        } else if (slots.watched) {
            patienceTimer.execute(() -> checkProgress(slots));
        }
    }

    private static void endWaiting(Slots slots) {
        List<CompletableFuture<Boolean>> givenUp;
        synchronized (slots) {
            givenUp = new ArrayList<>(slots.waiting);
            slots.waiting.clear();
        }
        givenUp.forEach(waiter -> waiter.complete(false));
    }

    /** One target's slots, guarded by itself. */
    private static final class Slots {
        private final Deque<CompletableFuture<Boolean>> waiting = new ArrayDeque<>();
        private int held;
        private int limit = Integer.MAX_VALUE;
        /** How many slots were ever given back: a count that moved since the last look means progress. */
        private long releases;
        private long releasesSeen;
        /** A progress check is scheduled; one at a time per target. */
        private boolean watched;
    }
}
