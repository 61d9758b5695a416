package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.error.LoopDetectedException;
import io.hookrelay.delivery.header.HopCount;
import io.hookrelay.delivery.header.RelayMarker;
import java.util.Objects;
import java.util.Optional;

/**
 * Refuses a webhook that comes back to this relay, or has passed through {@code maxHops} relays (DESIGN §4
 * "Loop guard"), before anything is read or stored: a target pointing back into this relay makes no second
 * event ({@link RelayMarker}), and a chain of relays that never returns to one still ends after
 * {@code maxHops}.
 */
public final class LoopGuard {
    public static final int DEFAULT_MAX_HOPS = 3;
    /** Far beyond any real chain of relays; a larger number is a typo. */
    public static final int MOST_MAX_HOPS = 100;

    private final int maxHops;
    private final RelayMarker marker;

    public LoopGuard(int maxHops, RelayMarker marker) {
        if (maxHops < 1 || maxHops > MOST_MAX_HOPS) {
            throw new IllegalArgumentException("max hops must be between 1 and " + MOST_MAX_HOPS + ", was " + maxHops);
        }
        this.maxHops = maxHops;
        this.marker = Objects.requireNonNull(marker, "marker");
    }

    /**
     * @param hopsHeader   the request's {@link HopCount#HEADER}, if it has one
     * @param relaysHeader the request's {@link RelayMarker#HEADER}, if it has one
     * @throws LoopDetectedException when the request was sent by this relay, or its hop count is at or above the limit
     */
    public void check(Optional<String> hopsHeader, Optional<String> relaysHeader) {
        if (marker.isIn(relaysHeader)) {
            throw new LoopDetectedException("this webhook was sent by this relay (X-Hookrelay-Relay): a target points back into it");
        }
        if (HopCount.received(hopsHeader) >= maxHops) {
            throw new LoopDetectedException("this webhook has already passed through " + maxHops
                    + " relays (X-Hookrelay-Hops); a target probably points back into a relay");
        }
    }
}
