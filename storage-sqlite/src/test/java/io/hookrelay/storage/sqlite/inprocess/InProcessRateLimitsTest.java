package io.hookrelay.storage.sqlite.inprocess;

import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.testing.RateLimitsContract;

/** The shared rules of every adapter's rate limits, kept in this process as SQLite's are. */
class InProcessRateLimitsTest extends RateLimitsContract {

    @Override
    protected RateLimits openRateLimits() {
        return new InProcessRateLimits();
    }
}
