package io.hookrelay.it.faults;

import io.hookrelay.it.support.RelayServer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs one step for each of many independent rows at once. A test's setup is mostly writes to the relay (a
 * source, a target, a route, an event), and each costs a synchronous commit; sent together they share the
 * relay's group commits instead of each waiting for an fsync of its own, which on a loaded machine is the
 * difference between seconds and a fraction of one.
 */
final class Concurrently {
    private Concurrently() {
    }

    /** A step that may fail like a test does. */
    @FunctionalInterface
    interface Step<T, R> {
        R apply(T row) throws Exception;
    }

    /** Each row's result, in the order of {@code rows}; the first failure fails the whole. */
    static <T, R> Map<T, R> map(List<T> rows, Step<T, R> step) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(rows.size());
        try {
            Map<T, Future<R>> running = new LinkedHashMap<>();
            rows.forEach(row -> running.put(row, threads.submit(() -> step.apply(row))));
            Map<T, R> results = new LinkedHashMap<>();
            for (Map.Entry<T, Future<R>> row : running.entrySet()) {
                results.put(row.getKey(), resultOf(row.getValue()));
            }
            return results;
        } finally {
            threads.shutdownNow();
        }
    }

    private static <R> R resultOf(Future<R> step) throws Exception {
        try {
            return step.get(RelayServer.WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e.getCause() instanceof Exception failure ? failure : e;
        }
    }
}
