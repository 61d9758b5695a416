package io.hookrelay.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.EndedDeliveries;
import io.hookrelay.delivery.port.EventCandidate;
import io.hookrelay.delivery.port.EventPosition;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.delivery.retention.RetentionMetrics;
import io.hookrelay.delivery.retention.RetentionPolicy;
import io.hookrelay.delivery.retention.RetentionSweeper;
import io.hookrelay.delivery.retention.TenantPurger;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.sqlite.SqliteEventStore;
import io.hookrelay.storage.sqlite.SqliteRelayDatabase;
import io.hookrelay.storage.sqlite.SqliteRetentionStore;
import io.hookrelay.storage.sqlite.SqliteTenantPurgeStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetentionScheduleTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration OFTEN = Duration.ofMillis(20);
    private static final RetentionPolicy ONE_DAY = new RetentionPolicy(Duration.ofDays(1), Duration.ofDays(1));

    @TempDir
    Path dataDir;

    private final Clock clock = Clock.systemUTC();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private SqliteRelayDatabase database;
    private SqliteEventStore events;

    @BeforeEach
    void open() {
        database = SqliteRelayDatabase.open(dataDir);
        events = new SqliteEventStore(database);
    }

    @AfterEach
    void close() {
        database.close();
    }

    @Test
    void aFailedSweepIsCountedAndTheNextOneDoesTheWork() throws Exception {
        Event old = storeEventReceived(clock.instant().minus(Duration.ofDays(2)));
        FailingFirst store = new FailingFirst(new SqliteRetentionStore(database));

        try (RetentionSchedule schedule = schedule(store, OFTEN)) {
            schedule.start();

            Await.until("the old event deleted", WAIT, () -> events.find(TenantId.DEFAULT, old.id()).isEmpty());
        }

        assertThat(registry.get("relay.retention.sweep.failures").counter().count()).isEqualTo(1);
        assertThat(store.calls).hasValueGreaterThan(1);
    }

    @Test
    void closingLetsTheBatchInProgressFinishAndStartsNoOther() throws Exception {
        CountDownLatch inStore = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger finds = new AtomicInteger();
        RetentionStore store = new Delegating(new SqliteRetentionStore(database)) {
            @Override
            public List<String> endedDeliveries(EndedDeliveries group, Instant endedBefore, int limit) {
                finds.incrementAndGet();
                inStore.countDown();
                awaitQuietly(release);
                return super.endedDeliveries(group, endedBefore, limit);
            }
        };
        RetentionSchedule schedule = schedule(store, OFTEN);
        schedule.start();
        assertThat(inStore.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();

        Thread closing = new Thread(schedule::close);
        closing.start();
        Await.until("close waiting for the batch in progress", WAIT, () -> closing.getState() == Thread.State.TIMED_WAITING);
        release.countDown();
        closing.join(WAIT.toMillis());

        assertThat(closing.isAlive()).isFalse();
        assertThat(finds).as("the sweep stopped before its next batch").hasValue(1);
    }

    private RetentionSchedule schedule(RetentionStore store, Duration every) {
        return new RetentionSchedule(new RetentionSweeper(store, ONE_DAY, RetentionMetrics.NONE, clock), every,
                new TenantPurger(new SqliteTenantPurgeStore(database)), registry);
    }

    private Event storeEventReceived(Instant receivedAt) {
        Event event = new Event(new Ulids(clock).next(Ulids.EVENT), "orders", Optional.empty(), receivedAt, "application/json",
                Map.of(), "{}".getBytes(StandardCharsets.UTF_8));
        events.store(TenantId.DEFAULT, event, Optional.empty(), List.of(), receivedAt).toCompletableFuture().join();
        return event;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Passes every call on to a real store. */
    private static class Delegating implements RetentionStore {
        private final RetentionStore store;

        Delegating(RetentionStore store) {
            this.store = store;
        }

        @Override
        public List<String> endedDeliveries(EndedDeliveries group, Instant endedBefore, int limit) {
            return store.endedDeliveries(group, endedBefore, limit);
        }

        @Override
        public int deleteDeliveries(EndedDeliveries group, Instant endedBefore, List<String> ids) {
            return store.deleteDeliveries(group, endedBefore, ids);
        }

        @Override
        public List<EventCandidate> eventsReceivedBefore(Instant receivedBefore, Optional<EventPosition> after, int limit) {
            return store.eventsReceivedBefore(receivedBefore, after, limit);
        }

        @Override
        public int deleteEvents(Instant receivedBefore, List<String> ids) {
            return store.deleteEvents(receivedBefore, ids);
        }
    }

    /** A real store whose first call fails as a database busy past its timeout would. */
    private static final class FailingFirst extends Delegating {
        final AtomicInteger calls = new AtomicInteger();

        FailingFirst(RetentionStore store) {
            super(store);
        }

        @Override
        public List<String> endedDeliveries(EndedDeliveries group, Instant endedBefore, int limit) {
            if (calls.incrementAndGet() == 1) {
                throw new TransientStoreException("find ended deliveries failed: SQLITE_BUSY", null);
            }
            return super.endedDeliveries(group, endedBefore, limit);
        }
    }
}
