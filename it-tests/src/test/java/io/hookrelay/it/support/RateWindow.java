package io.hookrelay.it.support;

import io.hookrelay.queue.testing.Await;
import java.time.Duration;
import java.util.List;

/**
 * How a rate-limited target's attempts were spread over time, timed as the relay sent them: by their start in the
 * attempt log, once every delivery has ended. An arrival at the receiver would also measure whatever held up the
 * receiving process (here the test's own JVM, sharing the cores with the relay), and a request that arrived late
 * would open a window that catches more than the limit allowed.
 *
 * @param firstWindow how many attempts started within the window's length of the first one after the warm-ups
 * @param busiestWindow the most that started within the window's length of each other, anywhere in the log
 */
public record RateWindow(long firstWindow, long busiestWindow) {
    public RateWindow {
        if (firstWindow < 1 || busiestWindow < firstWindow) {
            throw new IllegalArgumentException("a window holds the attempt that opens it, and the busiest at least as many"
                    + " as the first: " + firstWindow + ", " + busiestWindow);
        }
    }

    /**
     * Waits until every delivery has ended, then reads the attempt log of {@code target}.
     *
     * @param warmUps attempts made before the backlog, which open the relay's connections to the receiver
     */
    public static RateWindow of(RelayDatabase database, String target, int warmUps, Duration length) throws InterruptedException {
        Await.until("every delivery ended", Duration.ofMinutes(2), () -> database.unfinishedIntents() == 0);
        List<Long> starts = database.attemptStartsTo(target);
        if (starts.size() <= warmUps) {
            throw new AssertionError("attempts to " + target + " after the " + warmUps + " warm-up(s): none of " + starts.size());
        }
        long first = startedWithin(starts, warmUps, length);
        long busiest = 0;
        for (int from = 0; from < starts.size(); from++) {
            busiest = Math.max(busiest, startedWithin(starts, from, length));
        }
        return new RateWindow(first, busiest);
    }

    /** How many of {@code starts} lie in the window of {@code length} that opens at {@code starts[from]}. */
    private static long startedWithin(List<Long> starts, int from, Duration length) {
        long opens = starts.get(from);
        return starts.stream().filter(start -> start >= opens && start - opens < length.toMillis()).count();
    }
}
