package io.hookrelay.it.durability;

import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.TransientStoreException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An outage of outcome writes that lasts until the test ends it, rather than for a number of calls as
 * {@code FlakyIntentStore} counts them: how long a worker keeps retrying depends on its backoff and on the
 * machine, and the test needs the outage to outlast a lease for certain, then end. While it lasts, every
 * {@link IntentStore#settle} and {@link IntentStore#settleAsync} fails as a busy database's write does; every
 * other call goes through, renewals included.
 */
final class SettleOutage {
    private volatile boolean ongoing;
    private final AtomicInteger refusedSettles = new AtomicInteger();

    /**
     * {@code store} behind the outage. Only {@code settle} and {@code settleAsync} are refused: the worker pool
     * writes outcomes through them and nothing else ({@code complete}, {@code retry} and {@code fail} are
     * shorthands the pool does not use).
     */
    IntentStore around(IntentStore store) {
        return (IntentStore) Proxy.newProxyInstance(IntentStore.class.getClassLoader(), new Class<?>[] {IntentStore.class},
                (proxy, method, arguments) -> {
                    if (ongoing && method.getName().startsWith("settle")) {
                        refusedSettles.incrementAndGet();
                        TransientStoreException busy = new TransientStoreException("injected: settle failed: SQLITE_BUSY", null);
                        if (method.getName().equals("settleAsync")) {
                            return CompletableFuture.failedFuture(busy);
                        }
                        throw busy;
                    }
                    try {
                        return method.invoke(store, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    void begin() {
        ongoing = true;
    }

    void end() {
        ongoing = false;
    }

    /** Outcome writes refused so far. */
    int refusedSettles() {
        return refusedSettles.get();
    }
}
