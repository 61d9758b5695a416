package io.hookrelay.it.durability;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.pool.PoolSettings;
import io.hookrelay.queue.testing.FlakyIntentStore;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteEventStore;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import io.hookrelay.storage.sqlite.SqliteRelayDatabase;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Replacement bindings for {@link RelayServer#startReplacing} that put store failures where a busy database
 * raises them, at the ports: the queue's store is the real SQLite one behind a {@link SettleOutage} and a
 * {@link FlakyIntentStore}, the event store the real one behind a {@link BusyEventStore}. Everything else is
 * wired as {@code hookrelay serve} wires it, the lease too unless a shorter one is asked for.
 */
final class StoreFaults extends AbstractModule {
    private final Optional<Duration> lease;
    private final SettleOutage settleOutage = new SettleOutage();
    private volatile FlakyIntentStore intents;
    private volatile BusyEventStore events;

    private StoreFaults(Optional<Duration> lease) {
        this.lease = lease;
    }

    static StoreFaults withProductionLease() {
        return new StoreFaults(Optional.empty());
    }

    /** With claims that last {@code lease}, so that an outage can outlast one within a test's time. */
    static StoreFaults withLease(Duration lease) {
        return new StoreFaults(Optional.of(lease));
    }

    @Override
    protected void configure() {
        lease.ifPresent(shorter -> bind(PoolSettings.class).toInstance(PoolSettings.withWorkers(RelayServer.WORKERS).withLease(shorter)));
    }

    @Provides
    @Singleton
    IntentStore intentStore(SqliteDatabase database) {
        intents = new FlakyIntentStore(settleOutage.around(new SqliteIntentStore(database)));
        return intents;
    }

    @Provides
    @Singleton
    EventStore eventStore(SqliteRelayDatabase database) {
        events = new BusyEventStore(new SqliteEventStore(database));
        return events;
    }

    /** The queue's store as the server uses it; there once the server has started. */
    FlakyIntentStore intents() {
        return Objects.requireNonNull(intents, "the server has not been wired with these bindings");
    }

    BusyEventStore events() {
        return Objects.requireNonNull(events, "the server has not been wired with these bindings");
    }

    SettleOutage settleOutage() {
        return settleOutage;
    }
}
