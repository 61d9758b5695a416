package io.hookrelay.storage.postgres;

import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.testing.IntentStoreContract;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every intent store, each test on an empty schema of a real PostgreSQL database. */
class PostgresIntentStoreContractTest extends IntentStoreContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private PostgresDatabase database;

    @Override
    protected IntentStore newStore() throws Exception {
        database = PostgresDatabase.open(postgres.freshSchema(), clock);
        return new PostgresIntentStore(database);
    }

    @Override
    protected void closeStore(IntentStore store) {
        ((PostgresIntentStore) store).close();
        database.close();
    }
}
