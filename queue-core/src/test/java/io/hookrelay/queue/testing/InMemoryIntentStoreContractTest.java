package io.hookrelay.queue.testing;

import io.hookrelay.queue.IntentStore;

/** The in-memory store keeps every rule the durable stores keep, or worker tests built on it prove nothing. */
class InMemoryIntentStoreContractTest extends IntentStoreContract {

    @Override
    protected IntentStore newStore() {
        return new InMemoryIntentStore();
    }
}
