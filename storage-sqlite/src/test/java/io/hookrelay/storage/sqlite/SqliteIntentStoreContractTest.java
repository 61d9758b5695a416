package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.testing.IntentStoreContract;
import java.nio.file.Path;
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

    @Override
    protected void closeStore(IntentStore store) {
        database.close();
    }
}
