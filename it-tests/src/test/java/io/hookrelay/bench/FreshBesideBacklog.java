package io.hookrelay.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

/**
 * DESIGN §8's tenant row: one tenant holds a backlog of due deliveries on targets that hang, and another tenant's
 * fresh webhooks are timed from their provider's request to their receiver while it does. The backlog is stored as a
 * fan-out, each event routed to {@value #SLOW_TARGETS} targets with the default settings (10 in flight, a 15 s
 * timeout) at a port that takes connections and never answers: their attempts hang to the timeout, and the rest of
 * the backlog stays due, each claimed delivery waiting 250 ms for a slot and going back to pending for a second, so
 * it is claimed again and again beside the fresh ones for as long as they are offered.
 */
final class FreshBesideBacklog {
    static final int SLOW_TARGETS = 10;
    /** Enough for the fresh rate with room to spare: a paced run offers less only when no connection is free. */
    private static final int FRESH_CONNECTIONS = 8;
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    /**
     * @param backlog deliveries stored for the slow targets before the fresh webhooks were offered
     * @param pendingAfter the backlogged tenant's deliveries still pending once every fresh one was delivered, as
     *        {@code GET /api/v1/stats/pending} counts them (at most 100,000)
     */
    record Result(long backlog, long pendingAfter, Wrk.Run fresh, StampingReceiver.Arrivals delivered) {
    }

    private FreshBesideBacklog() {
    }

    /** {@code backlogged} and {@code fresh} are tenants of the relay whose nodes listen on {@code ports}. */
    static Result measure(BenchRelay relay, List<Integer> ports, String backlogged, String fresh, BenchSettings settings)
            throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1_000, InetAddress.getLoopbackAddress());
             StampingReceiver receiver = StampingReceiver.start()) {
            ApiClient slow = relay.api().inTenant(backlogged);
            slow.post("/api/v1/sources", "{\"id\":\"backlog\"}").expect(201);
            for (int target = 0; target < SLOW_TARGETS; target++) {
                slow.post("/api/v1/targets", "{\"id\":\"silent-" + target + "\",\"url\":\"http://127.0.0.1:" + silent.getLocalPort()
                        + "/hooks\"}").expect(201);
                slow.post("/api/v1/routes", "{\"source\":\"backlog\",\"target\":\"silent-" + target + "\"}").expect(201);
            }
            ApiClient other = relay.api().inTenant(fresh);
            other.post("/api/v1/sources", "{\"id\":\"fresh\"}").expect(201);
            other.post("/api/v1/targets", "{\"id\":\"fresh\",\"url\":\"" + receiver.url() + "\"}").expect(201);
            other.post("/api/v1/routes", "{\"source\":\"fresh\",\"target\":\"fresh\"}").expect(201);

            long events = IngestLoad.store(ports, "/hooks/" + backlogged + "/backlog",
                    (settings.tenantBacklog() + SLOW_TARGETS - 1) / SLOW_TARGETS, settings.mostClients());
            Wrk.Run run = Wrk.paced(ports, List.of("/hooks/" + fresh + "/fresh"), IngestLoad.BODY, FRESH_CONNECTIONS,
                    settings.freshRate(), 0, settings.freshEach()).allAccepted();
            if (!receiver.awaitReceived(run.answered(), PATIENCE)) {
                throw new IllegalStateException("the fresh webhooks were not all delivered within " + PATIENCE);
            }
            StampingReceiver.Arrivals delivered = receiver.arrivals(run.firstNumber(), run.endNumber(), Long.MAX_VALUE);
            long pending = 0;
            for (JsonNode count : relay.api().inTenant(backlogged).get("/api/v1/stats/pending").expect(200).path("pending_by_target")) {
                pending += count.asLong();
            }
            return new Result(events * SLOW_TARGETS, pending, run, delivered);
        }
    }
}
