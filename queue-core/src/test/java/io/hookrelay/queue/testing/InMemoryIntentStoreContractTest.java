package io.hookrelay.queue.testing;

import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.IntentWrites;
import java.util.function.Function;

/** The in-memory store keeps every rule the durable stores keep, or worker tests built on it prove nothing. */
class InMemoryIntentStoreContractTest extends IntentStoreContract {

    @Override
    protected IntentStore newStore() {
        return new InMemoryIntentStore();
    }

    @Override
    protected <T> T writeAsAnotherStore(Function<IntentWrites, T> work) {
        return ((InMemoryIntentStore) store).writeTogether(work);
    }
}
