package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.send.DeliveryHandler;
import io.hookrelay.delivery.send.PauseEndsSlotWaits;
import io.hookrelay.delivery.usage.UsageMeter;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.KindLabels;
import io.hookrelay.queue.QueueMetrics;
import io.hookrelay.queue.pool.PoolSettings;
import io.hookrelay.queue.pool.WorkerPool;
import java.time.Clock;

/**
 * The work-intent queue, with its listeners, and its worker pool, which runs the relay's deliveries. A
 * delivery's retry schedule is its target's, which its handler names in its verdict; any other kind has no
 * handler here and is retried as {@code no_handler}, in case a later version brings one, rather than lost.
 */
final class QueueModule extends AbstractModule {

    @Provides
    @Singleton
    KindLabels kindLabels() {
        return KindLabels.defaults();
    }

    @Provides
    @Singleton
    IntentQueue intentQueue(IntentStore store, Clock clock, DeliverySlots slots) {
        IntentQueue queue = new IntentQueue(store, clock);
        queue.addListener(new PauseEndsSlotWaits(slots));
        return queue;
    }

    /**
     * {@code --workers} deliveries in flight, on a few threads: a delivery holds one only to read and sign what
     * it sends and to decide its outcome, never while its receiver takes its time.
     */
    @Provides
    @Singleton
    PoolSettings poolSettings(ServeOptions options) {
        int threads = Math.min(options.workers(), handlerThreads());
        return PoolSettings.withWorkers(threads).withMaxInFlight(options.workers()).withShutdownGrace(options.shutdownGrace());
    }

    /** Two per core, so a read that waits for the store (an event no longer held in memory) leaves a core busy. */
    static int handlerThreads() {
        return Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    }

    /** Built, not started: {@link HookrelayServer} starts it. */
    @Provides
    @Singleton
    WorkerPool workerPool(IntentQueue queue, PoolSettings settings, QueueMetrics metrics, KindLabels kindLabels,
                          DeliveryHandler deliveries, OperatorEvents operatorEvents, UsageMeter usage) {
        return WorkerPool.builder(queue)
                .asyncHandler(Delivery.KIND, deliveries)
                .outcomeListener(operatorEvents.outcomes().andThen(usage.outcomes()))
                .settings(settings)
                .metrics(metrics)
                .kindLabels(kindLabels)
                .build();
    }
}
