package io.hookrelay.storage.postgres;

import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.time.UtcClock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The database's clock, as read on this node: what every node sharing one database decides by (leases, due times,
 * rate-limit windows, deadlines), so that a node whose own clock is off takes no live claim, breaks no limit and
 * sends nothing early. It is anchored to PostgreSQL's {@code clock_timestamp()} and runs on from the anchor by this
 * node's monotonic clock, so a jump of the node's wall clock changes nothing; it is anchored again every
 * {@link #REMEASURE} so the two clocks' rates cannot drift apart. Each anchor is the fastest of a few round trips,
 * taken at its midpoint: its error is at most half that round trip. It never goes backwards: a new anchor behind
 * the time already told holds that time until it catches up.
 *
 * <p>The node's own wall clock is read only to say how far it is off ({@link #offset()}), which is logged above
 * {@link #WARN_ABOVE}: the relay is unaffected, but a node's log lines and the times its operator reads are not.
 */
public final class DatabaseClock extends UtcClock implements AutoCloseable {
    static final Duration REMEASURE = Duration.ofSeconds(10);
    static final Duration WARN_ABOVE = Duration.ofSeconds(1);
    private static final int ROUND_TRIPS = 3;
    private static final Logger log = LoggerFactory.getLogger(DatabaseClock.class);

    private final LongSupplier databaseMicros;
    private final LongSupplier nodeMicros;
    private final ScheduledExecutorService remeasuring;
    private final AtomicLong latestTold = new AtomicLong(Long.MIN_VALUE);
    private volatile Anchor anchor;
    private boolean warned;

    /** The database's time in microseconds at this node's monotonic {@code nanos}, and how far the node's wall clock was behind it. */
    private record Anchor(long databaseMicros, long nanos, long offsetMicros) {
    }

    /**
     * Measures at once, then every {@link #REMEASURE} on a thread of its own; a measurement that fails keeps the last
     * anchor, so a database that is away for a while leaves the clock running on.
     *
     * @param databaseMicros reads the database's clock, in microseconds since the epoch
     * @param nodeMicros     this node's wall clock, in microseconds since the epoch
     * @throws StoreException when the first measurement fails
     */
    DatabaseClock(LongSupplier databaseMicros, LongSupplier nodeMicros) {
        this.databaseMicros = Objects.requireNonNull(databaseMicros, "databaseMicros");
        this.nodeMicros = Objects.requireNonNull(nodeMicros, "nodeMicros");
        measure();
        this.remeasuring = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "hookrelay-database-clock");
            thread.setDaemon(true);
            return thread;
        });
        remeasuring.scheduleWithFixedDelay(this::measureAgain, REMEASURE.toMillis(), REMEASURE.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    protected long micros() {
        Anchor current = anchor;
        long micros = current.databaseMicros + (System.nanoTime() - current.nanos) / 1_000;
        return latestTold.accumulateAndGet(micros, Math::max);
    }

    /** The database's clock minus this node's wall clock, as last measured: positive when the node is behind. */
    public Duration offset() {
        return Duration.ofNanos(anchor.offsetMicros * 1_000);
    }

    @Override
    public void close() {
        remeasuring.shutdownNow();
    }

    private void measureAgain() {
        try {
            measure();
        } catch (StoreException e) {
            log.debug("measuring the database's clock failed; it runs on from its last measurement: {}", e.getMessage());
        } catch (RuntimeException e) {
            log.warn("measuring the database's clock failed; it runs on from its last measurement", e);
        }
    }

    synchronized void measure() {
        Anchor best = null;
        long fastest = Long.MAX_VALUE;
        for (int trip = 0; trip < ROUND_TRIPS; trip++) {
            long sent = System.nanoTime();
            long nodeAtSend = nodeMicros.getAsLong();
            long database = databaseMicros.getAsLong();
            long roundTrip = System.nanoTime() - sent;
            if (roundTrip < fastest) {
                fastest = roundTrip;
                long halfMicros = roundTrip / 2_000;
                best = new Anchor(database, sent + roundTrip / 2, database - (nodeAtSend + halfMicros));
            }
        }
        anchor = best;
        tellOfOffset(Duration.ofNanos(best.offsetMicros * 1_000));
    }

    private void tellOfOffset(Duration offset) {
        boolean far = offset.abs().compareTo(WARN_ABOVE) > 0;
        if (far && !warned) {
            log.warn("this node's clock is {} s {} the database's; the relay goes by the database's clock, but this node's "
                            + "log lines and local times are off by as much: check its time synchronisation (NTP)",
                    String.format("%.3f", Math.abs(offset.toNanos()) / 1e9), offset.isNegative() ? "ahead of" : "behind");
        } else if (!far && warned) {
            log.info("this node's clock is within {} s of the database's again", WARN_ABOVE.toSeconds());
        }
        warned = far;
    }
}
