package io.hookrelay.queue.pool;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Everything a pool has claimed and not let go of: waiting for a worker, running, or waiting for its outcome to
 * be written. Whether an intent is taken again is decided by this ownership, never by how old its row looks, and
 * one process never runs two attempts of an intent at once: a newer claim of an intent begins only once the pool
 * has let go of the one before.
 */
final class OwnedAttempts {
    private final Map<ClaimRef, RunningAttempt> byClaim = new ConcurrentHashMap<>();
    /** The newest owned claim of each intent. */
    private final Map<String, RunningAttempt> newestOfIntent = new ConcurrentHashMap<>();
    private final Object changed = new Object();

    /**
     * Takes a claimed intent and has {@code start} run with its attempt. If an earlier claim of the same intent is
     * still owned (an operator retried it, or the lease ran out while a slow store kept renewals from landing),
     * that claim is lost: its attempt is called off, and {@code start} runs once it is let go.
     */
    void own(Intent intent, Consumer<RunningAttempt> start) {
        RunningAttempt attempt = new RunningAttempt(intent);
        byClaim.put(attempt.claim, attempt);
        RunningAttempt earlier = newestOfIntent.put(intent.id(), attempt);
        if (earlier != null && earlier.followWith(() -> start.accept(attempt))) {
            earlier.callOff();
        } else {
            start.accept(attempt);
        }
    }

    Optional<RunningAttempt> find(ClaimRef claim) {
        return Optional.ofNullable(byClaim.get(claim));
    }

    List<RunningAttempt> all() {
        return List.copyOf(byClaim.values());
    }

    List<RunningAttempt> of(String kind, String target) {
        return byClaim.values().stream()
                .filter(attempt -> attempt.intent.kind().equals(kind) && attempt.intent.target().equals(target))
                .toList();
    }

    /**
     * The pool no longer owns the attempt: its outcome is written, or its claim is lost or given up.
     *
     * @return the start of a newer claim of the intent that waited for this, now the caller's to run
     */
    Optional<Runnable> letGo(RunningAttempt attempt) {
        newestOfIntent.remove(attempt.intent.id(), attempt);
        Optional<Runnable> follower = attempt.release();
        byClaim.remove(attempt.claim, attempt);
        synchronized (changed) {
            changed.notifyAll();
        }
        return follower;
    }

    /** @return true once nothing is owned, false if something still is at {@code deadline} ({@link System#nanoTime}) */
    boolean awaitNoneUntil(long deadline) throws InterruptedException {
        synchronized (changed) {
            while (!byClaim.isEmpty()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                changed.wait(left);
            }
            return true;
        }
    }
}
