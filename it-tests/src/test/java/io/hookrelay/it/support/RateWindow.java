package io.hookrelay.it.support;

import io.hookrelay.queue.testing.Await;
import java.time.Duration;
import java.util.List;

/**
 * What a rate-limited target's receiver got in a window of wall time: the requests that arrived within
 * {@code length} of the first after some warm-up ones, counted once a later one shows the window is over, so nothing
 * that arrives late in it is missed. A warm-up request opens the relay's connection to the receiver, so the window
 * does not start with the one request that also had to connect.
 */
public final class RateWindow {
    private RateWindow() {
    }

    /** @return how many requests after the first {@code warmUps} arrived within {@code length} of the first of them */
    public static long arrivalsInFirst(Receiver receiver, int warmUps, Duration length) throws InterruptedException {
        Await.until("a request after the " + length + " window", length.plusSeconds(60), () -> {
            List<Receiver.Request> requests = receiver.requests();
            return requests.size() > warmUps
                    && requests.get(requests.size() - 1).arrivedAtNanos() - requests.get(warmUps).arrivedAtNanos() > length.toNanos();
        });
        List<Receiver.Request> counted = receiver.requests().subList(warmUps, receiver.requestCount());
        long first = counted.get(0).arrivedAtNanos();
        return counted.stream().filter(request -> request.arrivedAtNanos() - first < length.toNanos()).count();
    }
}
