package io.hookrelay.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Load from several threads at once, as separate providers or producers would make it. */
final class Concurrently {
    @FunctionalInterface
    interface Task<T> {
        T run(int thread) throws Exception;
    }

    @FunctionalInterface
    interface Item {
        void produce(int index) throws Exception;
    }

    private Concurrently() {
    }

    /** Runs {@code task} once on each of {@code threads} threads; returns their results in thread order, or the first failure. */
    static <T> List<T> run(int threads, Task<T> task) throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int thread = 0; thread < threads; thread++) {
                int number = thread;
                futures.add(executor.submit(() -> task.run(number)));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            executor.shutdownNow();
        }
    }

    /** Items {@code 0 … count-1} shared out among {@code threads}, one call per item. */
    static void shareOut(int count, int threads, Item item) throws Exception {
        run(threads, thread -> {
            for (int i = thread; i < count; i += threads) {
                item.produce(i);
            }
            return null;
        });
    }
}
