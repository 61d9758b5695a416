package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.queue.testing.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every relay store contract shares: a fresh set of stores on a new, empty database for each test,
 * released after it. The cases see the stores through their ports only, so every store adapter runs the
 * very same ones: extend a contract and return the adapter's stores from {@link #openStores}.
 */
public abstract class RelayStoreContract {
    /** A tenant beside the fixture's, with rows of the same ids. */
    protected static final TenantId ACME = TenantId.of("acme");

    /** The stores under test and builders for their rows: fresh for every test. */
    protected RelayFixture relay;

    /**
     * Every store on one new, empty database; called once per test. {@code clock} is the test's: a store
     * that reads the time itself reads it from there.
     */
    protected abstract RelayStores openStores(MutableClock clock) throws Exception;

    @BeforeEach
    final void openStoresUnderTest() throws Exception {
        MutableClock clock = new MutableClock();
        relay = new RelayFixture(clock, openStores(clock));
    }

    @AfterEach
    final void closeStoresUnderTest() {
        if (relay != null) {
            relay.close();
        }
    }
}
