package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.testing.MutableClock;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The portable relay fixture on a SQLite database, with what only SQLite's own tests look at: its rows. */
final class SqliteRelayFixture extends RelayFixture {
    final SqliteDatabase database;

    SqliteRelayFixture(Path dataDir) {
        this(new MutableClock(), dataDir);
    }

    private SqliteRelayFixture(MutableClock clock, Path dataDir) {
        this(clock, SqliteDatabase.open(dataDir, clock));
    }

    private SqliteRelayFixture(MutableClock clock, SqliteDatabase database) {
        super(clock, SqliteRelayStores.on(database));
        this.database = database;
    }

    /** Rows in {@code table}, to see that a refused call wrote nothing anywhere. */
    long rows(String table) {
        return database.read("count " + table,
                handle -> handle.handle().createQuery("SELECT count(*) FROM " + table).mapTo(Long.class).one());
    }

    /** How many rows each relay table and the queue's intents hold. */
    Map<String, Long> tableSizes() {
        return Stream.of("events", "idempotency_keys", "deliveries", "intents")
                .collect(Collectors.toMap(table -> table, this::rows));
    }
}
