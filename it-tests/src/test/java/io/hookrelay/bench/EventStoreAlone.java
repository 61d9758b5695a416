package io.hookrelay.bench;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.storage.sqlite.SqliteEventStore;
import io.hookrelay.storage.sqlite.SqliteRelayDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ingest figure's storage ceiling: the write each webhook costs (its event, as a source with no route
 * stores it), made by {@link SqliteEventStore} alone from as many concurrent callers as the top ingest level has
 * clients, with no HTTP in the way. The writer thread's CPU per event ({@link WriterCpu}) bounds the rate.
 */
final class EventStoreAlone {
    private static final byte[] BODY = IngestLoad.BODY.getBytes(StandardCharsets.UTF_8);
    private static final Map<String, String> HEADERS = Map.of("host", "127.0.0.1", "content-type", "application/json",
            "content-length", Integer.toString(BODY.length));

    private EventStoreAlone() {
    }

    /** Stores events for {@code warmup} (not measured), then measures for {@code measured}. */
    static WriterCpu.Rate measure(Path dataDir, int callers, Duration warmup, Duration measured) throws Exception {
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            SqliteEventStore store = new SqliteEventStore(database);
            Ulids ids = new Ulids(Clock.systemUTC());
            storeUntil(store, ids, callers, System.nanoTime() + warmup.toNanos());
            WriterCpu writer = WriterCpu.start();
            long started = System.nanoTime();
            long stored = storeUntil(store, ids, callers, started + measured.toNanos());
            return writer.rate(stored, System.nanoTime() - started);
        }
    }

    private static long storeUntil(SqliteEventStore store, Ulids ids, int callers, long until) throws Exception {
        List<Long> stored = Concurrently.run(callers, thread -> {
            long count = 0;
            while (System.nanoTime() < until) {
                Instant now = Instant.now();
                Event event = new Event(ids.next(Ulids.EVENT), "ingest", Optional.empty(), now, "application/json", HEADERS, BODY);
                store.store(TenantId.DEFAULT, event, Optional.empty(), List.of(), now).toCompletableFuture().join();
                count++;
            }
            return count;
        });
        return stored.stream().mapToLong(Long::longValue).sum();
    }
}
