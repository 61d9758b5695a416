package io.hookrelay.it.support;

import io.hookrelay.queue.testing.Await;
import java.time.Duration;
import java.util.List;

/**
 * What a rate-limited target's receiver got in a window of wall time: the requests that arrived within
 * {@code length} of the first, counted once a later one shows the window is over, so nothing that arrives late
 * in it is missed.
 */
public final class RateWindow {
    private RateWindow() {
    }

    /** @return how many requests arrived within {@code length} of the first */
    public static long arrivalsInFirst(Receiver receiver, Duration length) throws InterruptedException {
        Await.until("a request after the " + length + " window", length.plusSeconds(60), () -> {
            List<Receiver.Request> requests = receiver.requests();
            return !requests.isEmpty() && requests.get(requests.size() - 1).arrivedAtNanos() - requests.get(0).arrivedAtNanos()
                    > length.toNanos();
        });
        List<Receiver.Request> requests = receiver.requests();
        long first = requests.get(0).arrivedAtNanos();
        return requests.stream().filter(request -> request.arrivedAtNanos() - first < length.toNanos()).count();
    }
}
