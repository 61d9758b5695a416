package io.hookrelay.storage.postgres.relay;

import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.storage.postgres.PostgresDatabase;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Whether the database takes writes, answered within {@link #PATIENCE}. A readiness probe has a deadline of
 * its own (a second, by Kubernetes' default), while a call to a database that is gone waits up to
 * {@link PostgresDatabase#CONNECTION_WAIT} for a connection; an answer that is not there in time is "no". A
 * check still under way when asked again is waited for again rather than started twice, so probes during an
 * outage hold one thread between them, not one each.
 */
final class WritableCheck implements AutoCloseable {
    static final Duration PATIENCE = Duration.ofSeconds(1);

    private final BooleanSupplier check;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(DaemonThreads.named("hookrelay-postgres-ready-"));
    private CompletableFuture<Boolean> underWay = CompletableFuture.completedFuture(false);

    WritableCheck(BooleanSupplier check) {
        this.check = Objects.requireNonNull(check, "check");
    }

    boolean isWritable() {
        try {
            return current().get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | RejectedExecutionException slowOrClosed) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException bug ? bug : new IllegalStateException(e.getCause());
        }
    }

    private synchronized CompletableFuture<Boolean> current() {
        if (underWay.isDone()) {
            underWay = CompletableFuture.supplyAsync(check::getAsBoolean, thread);
        }
        return underWay;
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
