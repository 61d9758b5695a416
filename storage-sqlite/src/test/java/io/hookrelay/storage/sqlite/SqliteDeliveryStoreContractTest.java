package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.testing.DeliveryStoreContract;
import io.hookrelay.delivery.testing.RelayStores;
import io.hookrelay.queue.testing.MutableClock;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The shared rules of every delivery store, against a real database file. */
class SqliteDeliveryStoreContractTest extends DeliveryStoreContract {

    @TempDir
    Path dataDir;

    @Override
    protected RelayStores openStores(MutableClock clock) {
        return SqliteRelayStores.open(dataDir, clock);
    }
}
