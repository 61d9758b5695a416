package io.hookrelay.queue.pool;

import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.QueueMetrics;
import io.hookrelay.queue.StoreException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A pool's one claiming thread. It claims in batches, ahead of the workers, so a worker that finishes finds its
 * next intent already claimed instead of waiting for a write: once fewer than half a batch of claimed intents wait
 * for a worker, it claims as many as make them a full batch again, within the room the pool has to own more.
 * After a claim that found less due work than it asked for, it waits for the idle poll or a wake-up, and at least
 * the claim cooldown, so a steady stream of enqueues is claimed in batches rather than a few intents per claim.
 */
final class ClaimLoop {
    private final IntentStore store;
    private final Clock clock;
    private final PoolSettings settings;
    private final Consumer<StoreException> onStoreFailure;
    private final StoreRetrier retrier;
    /** How many more intents the pool may own: attempts in flight plus one claim batch waiting for a worker. */
    private final Semaphore room;
    /** Claimed intents handed out and not yet started, whether or not they have a slot yet. */
    private final AtomicInteger waiting = new AtomicInteger();
    private final int refillBelow;
    private final Semaphore wakeups = new Semaphore(0);
    private final Thread thread = DaemonThreads.named("hookrelay-dispatcher-").newThread(this::run);
    private Consumer<Intent> handOut;
    private volatile boolean stopping;

    ClaimLoop(IntentQueue queue, PoolSettings settings, QueueMetrics metrics, Consumer<StoreException> onStoreFailure) {
        this.store = queue.store();
        this.clock = queue.clock();
        this.settings = settings;
        this.onStoreFailure = onStoreFailure;
        this.retrier = new StoreRetrier(metrics, () -> !stopping);
        this.room = new Semaphore(settings.maxInFlight() + settings.maxClaimBatch());
        this.refillBelow = Math.max(1, settings.maxClaimBatch() / 2);
    }

    /** Starts claiming; each claimed intent goes to {@code handOut}, which owns it from then on. */
    void start(Consumer<Intent> handOut) {
        this.handOut = handOut;
        thread.start();
    }

    /** Stops claiming, and waits until the claim under way, if one is, has been handed out. */
    void stop() throws InterruptedException {
        stopping = true;
        thread.interrupt();
        thread.join();
    }

    /** Stops claiming without waiting: the store failed for good. */
    void interrupt() {
        thread.interrupt();
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    /** Due work may be there: an idle loop claims at once instead of at its next poll. */
    void wake() {
        if (wakeups.availablePermits() == 0) {
            wakeups.release();
        }
    }

    /** A claimed intent stopped waiting for a worker (it began, or went back): the loop may claim again. */
    void oneFewerWaiting() {
        if (waiting.decrementAndGet() < refillBelow) {
            wake();
        }
    }

    /** The pool let go of an intent it owned, which makes room for one more. */
    void roomFreed() {
        room.release();
    }

    private void run() {
        try {
            while (!stopping) {
                int wanted = awaitRoomToClaim();
                long claimedAt = System.nanoTime();
                List<Intent> claimed = retrier.call("claim", () -> store.claim(clock.instant(), settings.lease(), wanted))
                        .orElse(List.of());
                room.release(wanted - claimed.size());
                claimed.forEach(intent -> {
                    waiting.incrementAndGet();
                    handOut.accept(intent);
                });
                if (claimed.size() < wanted) {
                    wakeups.tryAcquire(settings.idlePoll().toMillis(), TimeUnit.MILLISECONDS);
                    TimeUnit.NANOSECONDS.sleep(claimedAt + settings.claimCooldown().toNanos() - System.nanoTime());
                    wakeups.drainPermits();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (StoreException e) {
            onStoreFailure.accept(e);
        }
    }

    /**
     * Waits until fewer than {@link #refillBelow} claimed intents wait for a worker and the pool may own
     * more, then takes room for as many as make the waiting ones a full claim batch again.
     *
     * @return how many intents to claim, at least one
     */
    private int awaitRoomToClaim() throws InterruptedException {
        while (waiting.get() >= refillBelow) {
            wakeups.acquire();
        }
        int wanted = settings.maxClaimBatch() - waiting.get();
        room.acquire();
        int taken = 1;
        while (taken < wanted && room.tryAcquire()) {
            taken++;
        }
        return taken;
    }
}
