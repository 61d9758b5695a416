package io.hookrelay.storage.postgres;

import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.queue.testing.IntentStoreContract;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.util.function.Function;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every intent store, each test on an empty schema of a real PostgreSQL database. */
class PostgresIntentStoreContractTest extends IntentStoreContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private PostgresDatabase database;
    private PostgresIntentStore store;

    @Override
    protected IntentStore newStore() throws Exception {
        database = PostgresDatabase.open(postgres.freshSchema(), clock);
        store = new PostgresIntentStore(database);
        return store;
    }

    /** Through the store's transactions, as each relay store on the same database writes. */
    @Override
    protected <T> T writeAsAnotherStore(Function<IntentWrites, T> work) {
        return store.inTransaction("another store's write", (handle, writes) -> work.apply(writes));
    }

    @Override
    protected void closeStore(IntentStore store) {
        ((PostgresIntentStore) store).close();
        database.close();
    }
}
