package io.hookrelay.delivery.retention;

import io.hookrelay.delivery.port.EndedDeliveries;
import io.hookrelay.delivery.port.EventCandidate;
import io.hookrelay.delivery.port.EventPosition;
import io.hookrelay.delivery.port.RetentionStore;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Deletes what has been kept long enough: completed deliveries after {@link RetentionPolicy#completed()},
 * failed and cancelled ones after {@link RetentionPolicy#failed()}, each with its attempt log, then events
 * received longer ago than {@link RetentionPolicy#completed()} that have no delivery left (which includes
 * events no route matched). A delivery that is pending or running is never touched, however old, and
 * neither is its event.
 *
 * <p>Work goes in small batches, each its own store call and so its own short transaction: ingest shares
 * the one database writer, and a sweep of a million rows must reach it as many small pauses rather than
 * one long one. A pass over deliveries repeats until a batch comes back short. Events are walked in the
 * order they were received, from where the last batch stopped, so events that must stay (they still have
 * deliveries) are looked at once per sweep rather than once per batch.
 */
public final class RetentionSweeper {
    public static final int DEFAULT_BATCH_SIZE = 500;

    private final RetentionStore store;
    private final RetentionPolicy policy;
    private final RetentionMetrics metrics;
    private final Clock clock;
    private final int batchSize;

    public RetentionSweeper(RetentionStore store, RetentionPolicy policy, RetentionMetrics metrics, Clock clock) {
        this(store, policy, metrics, clock, DEFAULT_BATCH_SIZE);
    }

    public RetentionSweeper(RetentionStore store, RetentionPolicy policy, RetentionMetrics metrics, Clock clock,
                            int batchSize) {
        this.store = Objects.requireNonNull(store, "store");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1: " + batchSize);
        }
        this.batchSize = batchSize;
    }

    /**
     * One sweep, with the ages measured from the clock's time when it begins. Asks {@code keepGoing} before
     * every batch and stops as soon as it says no, so a server stopping waits for one batch at most.
     *
     * @throws io.hookrelay.queue.StoreException when the store fails; batches already done stay done
     */
    public Sweep sweep(BooleanSupplier keepGoing) {
        Instant now = clock.instant();
        Permission run = new Permission(keepGoing);
        int deliveries = 0;
        for (EndedDeliveries group : EndedDeliveries.values()) {
            deliveries += deleteDeliveries(group, now.minus(policy.kept(group)), run);
        }
        int events = deleteEvents(now.minus(policy.completed()), run);
        return new Sweep(deliveries, events, !run.withdrawn());
    }

    /**
     * A batch that found a full batch but deleted none of it ends the pass too: every row it found changed
     * between finding and deleting, and the next sweep looks again rather than this one spinning.
     */
    private int deleteDeliveries(EndedDeliveries group, Instant endedBefore, Permission run) {
        int deleted = 0;
        while (run.mayContinue()) {
            List<String> ids = store.endedDeliveries(group, endedBefore, batchSize);
            int batch = ids.isEmpty() ? 0 : store.deleteDeliveries(group, endedBefore, ids);
            if (batch > 0) {
                metrics.deliveriesDeleted(batch);
            }
            deleted += batch;
            if (ids.size() < batchSize || batch == 0) {
                break;
            }
        }
        return deleted;
    }

    private int deleteEvents(Instant receivedBefore, Permission run) {
        int deleted = 0;
        Optional<EventPosition> after = Optional.empty();
        while (run.mayContinue()) {
            List<EventCandidate> examined = store.eventsReceivedBefore(receivedBefore, after, batchSize);
            List<String> ids = examined.stream().filter(event -> !event.hasDeliveries()).map(EventCandidate::id).toList();
            int batch = ids.isEmpty() ? 0 : store.deleteEvents(receivedBefore, ids);
            if (batch > 0) {
                metrics.eventsDeleted(batch);
            }
            deleted += batch;
            if (examined.size() < batchSize) {
                break;
            }
            after = Optional.of(examined.get(examined.size() - 1).position());
        }
        return deleted;
    }
}
