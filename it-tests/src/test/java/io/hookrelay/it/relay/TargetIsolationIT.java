package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.HangingReceiver;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN §4, isolation between targets, with {@code serve}'s default settings: five targets that hang until
 * their timeout, each with its whole default {@code max_in_flight} (10) out and more waiting, routed from the
 * same source as a healthy target. Each healthy delivery must arrive within a second of its ingest (the
 * issue's own bar), and no hanging target may ever have more connections open than its limit.
 *
 * <p>The hanging targets' timeout is longer than the test's traffic, so no connection of theirs ends while it
 * is measured: every slot is taken and stays taken, and their backlog keeps pressing for more.
 */
@TimingSensitive
class TargetIsolationIT {
    private static final int HANGING_TARGETS = 5;
    private static final int DEFAULT_MAX_IN_FLIGHT = 10;
    private static final Duration HANGING_TIMEOUT = Duration.ofSeconds(10);
    private static final int EVENTS = 40;
    /** Ten a second, over four seconds: each hanging target's backlog grows to four times its limit. */
    private static final Duration BETWEEN_EVENTS = Duration.ofMillis(100);
    private static final Duration BAR = Duration.ofSeconds(1);

    @AutoClose
    private RelayServer relay;
    private Receiver healthy;
    private final List<HangingReceiver> hanging = new ArrayList<>();

    @BeforeEach
    void routeOneSourceToFiveHangingTargetsAndAHealthyOne(@TempDir Path dataDir) {
        relay = RelayServer.startWithDefaults(dataDir);
        healthy = relay.startReceiver();
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", NewTarget.to("healthy", healthy));
        for (int i = 1; i <= HANGING_TARGETS; i++) {
            HangingReceiver receiver = HangingReceiver.start();
            hanging.add(receiver);
            relay.api().post("/api/v1/targets", "{\"id\":\"hanging-" + i + "\",\"url\":\"" + receiver.url()
                    + "\",\"timeout_ms\":" + HANGING_TIMEOUT.toMillis() + "}").expect(201);
            relay.createRoute("shop", "hanging-" + i);
        }
    }

    @AfterEach
    void closeHangingReceivers() {
        hanging.forEach(HangingReceiver::close);
    }

    @Test
    void aHealthyTargetsDeliveriesArriveWithinASecondBesideFiveHangingTargetsFullToTheirLimit() throws Exception {
        Map<String, Long> ingestedAtNanos = new HashMap<>();
        for (int n = 0; n < DEFAULT_MAX_IN_FLIGHT; n++) {
            ingestedAtNanos.put(relay.accept("shop", "{\"type\":\"order.paid\",\"n\":" + n + "}"), System.nanoTime());
        }
        Await.until("every hanging target has its whole limit open", RelayServer.WAIT,
                () -> hanging.stream().allMatch(receiver -> receiver.openNow() == DEFAULT_MAX_IN_FLIGHT));
        for (int n = DEFAULT_MAX_IN_FLIGHT; n < EVENTS; n++) {
            Thread.sleep(BETWEEN_EVENTS.toMillis());
            ingestedAtNanos.put(relay.accept("shop", "{\"type\":\"order.paid\",\"n\":" + n + "}"), System.nanoTime());
        }
        List<Receiver.Request> arrived = healthy.awaitRequests(EVENTS);

        List<Duration> lags = arrived.stream()
                .map(request -> Duration.ofNanos(request.arrivedAtNanos()
                        - ingestedAtNanos.get(request.header("webhook-id").orElseThrow())))
                .sorted()
                .toList();
        System.out.printf("[figures] TargetIsolationIT: healthy target, %d deliveries beside %d hanging targets with %s "
                        + "connections open: from ingest p50 %d ms, p99 %d ms, most %d ms%n", lags.size(), HANGING_TARGETS,
                hanging.stream().map(receiver -> Integer.toString(receiver.openNow())).toList(),
                lags.get(lags.size() / 2).toMillis(), lags.get((int) Math.ceil(lags.size() * 0.99) - 1).toMillis(),
                lags.get(lags.size() - 1).toMillis());
        assertThat(lags).as("each healthy delivery's time from its ingest to its arrival").allSatisfy(
                lag -> assertThat(lag).isLessThanOrEqualTo(BAR));
        assertThat(hanging).allSatisfy(receiver -> {
            assertThat(receiver.mostOpenAtOnce()).as("connections open at once to %s", receiver.url())
                    .isEqualTo(DEFAULT_MAX_IN_FLIGHT);
            assertThat(receiver.accepted()).as("no connection of a hanging target ended, so none was replaced")
                    .isEqualTo(DEFAULT_MAX_IN_FLIGHT);
        });
        assertThat(IntStream.range(0, HANGING_TARGETS).mapToObj(i -> relay.deliveriesToTarget("hanging-" + (i + 1)))
                .allMatch(deliveries -> deliveries.size() == EVENTS)).as("every hanging target has its backlog").isTrue();
    }
}
