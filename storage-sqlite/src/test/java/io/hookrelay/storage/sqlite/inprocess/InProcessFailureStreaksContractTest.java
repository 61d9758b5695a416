package io.hookrelay.storage.sqlite.inprocess;

import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.delivery.testing.FailureStreaksContract;

/** The shared rules of every adapter's failure streaks, kept in this process as SQLite's are. */
class InProcessFailureStreaksContractTest extends FailureStreaksContract {

    @Override
    protected FailureStreaks openStreaks() {
        return new InProcessFailureStreaks();
    }
}
