package io.hookrelay.queue;

import java.util.concurrent.ScheduledFuture;

/**
 * One claimed intent while its worker holds it. Calling the attempt off (lost claim, shutdown) sets the
 * signal, and interrupts the worker thread only while it is inside the handler: an interrupt that landed
 * during the outcome write would abort a write that must happen.
 */
final class RunningAttempt {
    final Intent intent;
    final ClaimRef claim;
    final AttemptContext context = new AttemptContext();
    private Thread handlerThread;
    private ScheduledFuture<?> renewal;

    RunningAttempt(Intent intent) {
        this.intent = intent;
        this.claim = intent.requireClaim();
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

    /**
     * True once the attempt was called off: its claim is lost or given up, so whatever the handler returns
     * is discarded rather than written.
     */
    boolean calledOff() {
        return context.isCancelled();
    }

    synchronized void renewWith(ScheduledFuture<?> future) {
        renewal = future;
    }

    synchronized void stopRenewing() {
        if (renewal != null) {
            renewal.cancel(false);
        }
    }
}
