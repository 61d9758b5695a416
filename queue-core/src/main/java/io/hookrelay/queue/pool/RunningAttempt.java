package io.hookrelay.queue.pool;

import io.hookrelay.queue.AttemptContext;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import java.time.Instant;
import java.util.Optional;

/**
 * One claimed intent while the pool owns it: waiting for a worker, running, or waiting for its outcome to be
 * written. Calling the attempt off (lost claim, shutdown) sets the signal, and interrupts the worker thread
 * only while it is inside the handler: an interrupt that landed during the outcome write would abort a write
 * that must happen.
 */
final class RunningAttempt {
    final Intent intent;
    final ClaimRef claim;
    final AttemptContext context = new AttemptContext();
    private Thread handlerThread;
    private boolean released;
    private Runnable follower;
    private boolean begun;
    private boolean heldBack;
    private boolean holdsSlot;
    private volatile Instant leaseEnds;

    RunningAttempt(Intent intent) {
        this.intent = intent;
        this.claim = intent.requireClaim();
        this.leaseEnds = intent.claimUntil();
    }

    /** When the claim's lease ends, by the pool's clock, as the last claim or renewal that landed set it. */
    Instant leaseEnds() {
        return leaseEnds;
    }

    void renewedUntil(Instant newEnd) {
        leaseEnds = newEnd;
    }

    /**
     * A worker takes the attempt up, unless a pause of its pair held it back first; once taken up, a pause no
     * longer can. One lock decides between the two, so an attempt is either begun or given back, never both.
     */
    synchronized boolean begin() {
        begun = !heldBack;
        return begun;
    }

    /** Its pair was paused: if no worker has begun it, it is given back instead of begun. */
    synchronized void holdBackUnlessBegun() {
        heldBack = !begun;
    }

    synchronized void enterHandler(Thread thread) {
        handlerThread = thread;
    }

    /** Leaves the handler, clearing an interrupt aimed at it so it cannot hit the outcome write. */
    synchronized void leaveHandler() {
        handlerThread = null;
        Thread.interrupted();
    }

    synchronized void callOff() {
        context.cancel();
        if (handlerThread != null) {
            handlerThread.interrupt();
        }
    }

    /** The attempt was given one of the pool's slots for attempts under way. */
    synchronized void tookSlot() {
        holdsSlot = true;
    }

    /** @return whether the attempt held a slot, which is now the caller's to give back */
    synchronized boolean giveSlotBack() {
        boolean held = holdsSlot;
        holdsSlot = false;
        return held;
    }

    /** True once a worker has taken the attempt up. */
    synchronized boolean begun() {
        return begun;
    }

    /**
     * True once the attempt was called off: its claim is lost or given up, so whatever the handler returns
     * is discarded rather than written.
     */
    boolean calledOff() {
        return context.isCancelled();
    }

    /**
     * Has {@code next} run once this attempt is released, unless it already is.
     *
     * @return false when the attempt is already released; {@code next} is then the caller's to run
     */
    synchronized boolean followWith(Runnable next) {
        if (released) {
            return false;
        }
        follower = next;
        return true;
    }

    /** Marks the attempt released; the follower, if one is waiting, is the caller's to run. */
    synchronized Optional<Runnable> release() {
        released = true;
        return Optional.ofNullable(follower);
    }
}
