package io.hookrelay.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Concurrent producers sharing out {@code count} items, one call per item, as separate callers would. */
final class Producers {
    @FunctionalInterface
    interface Item {
        void produce(int index) throws Exception;
    }

    private Producers() {
    }

    /** Returns when every item has been produced; the first failure is thrown. */
    static void run(int count, int producers, Item item) throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(producers);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int producer = 0; producer < producers; producer++) {
                int first = producer;
                futures.add(executor.submit(() -> {
                    for (int i = first; i < count; i += producers) {
                        item.produce(i);
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            executor.shutdownNow();
        }
    }
}
