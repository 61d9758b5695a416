package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.queue.testing.IntentStoreContract;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.io.TempDir;

/** The shared rules of every intent store, against a real database file. */
class SqliteIntentStoreContractTest extends IntentStoreContract {

    @TempDir
    Path dataDir;

    private SqliteDatabase database;

    @Override
    protected IntentStore newStore() {
        database = SqliteDatabase.open(dataDir);
        return new SqliteIntentStore(database);
    }

    /** Through an intent store of its own, as each relay store writes. */
    @Override
    protected <T> T writeAsAnotherStore(Function<IntentWrites, T> work) {
        return new SqliteIntentStore(database).write("another store's write", (handle, writes) -> work.apply(writes));
    }

    @Override
    protected void closeStore(IntentStore store) {
        database.close();
    }
}
