package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.HopCount;
import io.hookrelay.delivery.LoopDetectedException;
import java.util.Optional;

/**
 * Refuses a webhook that has looped through relays {@code maxHops} times (DESIGN §4 "Loop guard"), before
 * anything is read or stored: a target pointing back into this relay, or two relays pointing at each other,
 * then stop after {@code maxHops} events instead of amplifying.
 */
public final class LoopGuard {
    public static final int DEFAULT_MAX_HOPS = 3;
    /** Far beyond any real chain of relays; a larger number is a typo. */
    public static final int MOST_MAX_HOPS = 100;

    private final int maxHops;

    public LoopGuard(int maxHops) {
        if (maxHops < 1 || maxHops > MOST_MAX_HOPS) {
            throw new IllegalArgumentException("max hops must be between 1 and " + MOST_MAX_HOPS + ", was " + maxHops);
        }
        this.maxHops = maxHops;
    }

    /**
     * @param hopsHeader the request's {@link HopCount#HEADER}, if it has one
     * @throws LoopDetectedException when the request's hop count is at or above the limit
     */
    public void check(Optional<String> hopsHeader) {
        if (HopCount.received(hopsHeader) >= maxHops) {
            throw new LoopDetectedException("this webhook has already passed through " + maxHops
                    + " relays (X-Hookrelay-Hops); a target probably points back into a relay");
        }
    }
}
