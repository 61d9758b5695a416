package io.hookrelay.it.durability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver.Answer;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.queue.testing.FlakyIntentStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database that is busy for a moment, or for longer than a lease, as the queue's and the relay's store
 * ports report it ({@code TransientStoreException}): an outcome that cannot be written is written later,
 * never dropped, and the delivery stays non-terminal until it is; a claim that fails is made again; a
 * delivery whose event cannot be read waits without counting an attempt; an ingest that cannot be stored
 * is refused with {@code 503 unavailable} and {@code Retry-After} and leaves nothing behind, so the
 * provider's retry is a first delivery, not a duplicate; an operator's action gets the same 503.
 */
class TransientStoreErrorIT {
    private static final String SETTLE_RETRIES = "relay_work_store_retries_total{operation=\"settle\"}";
    private static final String CLAIM_RETRIES = "relay_work_store_retries_total{operation=\"claim\"}";
    private static final String FENCED = "relay_work_attempts_total{kind=\"delivery\",outcome=\"fenced\"}";
    private static final String UNAVAILABLE_INGESTS = "relay_ingest_total{outcome=\"unavailable\"}";
    /** Short enough that an outage outlasts it quickly, long enough that a loaded machine still renews in time. */
    private static final Duration SHORT_LEASE = Duration.ofSeconds(2);

    @TempDir
    Path dataDir;
    @AutoClose
    private RelayServer relay;
    private StoreFaults faults;
    private Receiver receiver;

    @Test
    void outcomesThatFailToBeWrittenAreRetriedUntilTheyLandAndEachAttemptIsSentAndLoggedOnce() throws Exception {
        start(StoreFaults.withProductionLease(), 1);
        receiver.answerNext(Answer.status(500).withBody("not now"));
        faults.intents().failNext("settle", 4);

        String eventId = relay.accept("shop", "{\"type\":\"order.created\"}");
        JsonNode delivery = relay.awaitDelivery(relay.onlyDeliveryOf(eventId), "completed");

        // The first outcome was a retry (back to pending after a 500), the one the seed stranded; it landed.
        assertThat(delivery.path("attempts").asInt()).isEqualTo(2);
        assertThat(delivery.path("attempt_log")).extracting(entry -> entry.path("status_code").asInt()).containsExactly(500, 200);
        assertThat(receiver.requests()).extracting(request -> request.header("x-hookrelay-attempt").orElseThrow())
                .containsExactly("1", "2");
        assertThat(faults.intents().failuresLeft("settle")).isZero();
        assertThat(metric(SETTLE_RETRIES)).isEqualTo(4);
        System.out.println("[figures] TransientStoreErrorIT: settle failed transiently 4 times -> retried, "
                + SETTLE_RETRIES + " = " + metric(SETTLE_RETRIES) + ", receiver requests = " + receiver.requestCount());
    }

    /**
     * The pool owns an attempt until its outcome is written and keeps renewing its lease meanwhile, so an
     * outcome outage, however long, never lets the lease run out and the delivery be taken and sent again.
     */
    @Test
    void anOutcomeOutageLongerThanTheLeaseKeepsTheDeliveryOwnedAndItIsSentOnce() throws Exception {
        start(StoreFaults.withLease(SHORT_LEASE));
        SettleOutage outage = faults.settleOutage();
        outage.begin();
        long outageStarted = System.nanoTime();

        String deliveryId = relay.onlyDeliveryOf(relay.accept("shop", "{\"type\":\"order.created\"}"));
        receiver.awaitRequests(1);
        Await.until("outcome writes refused for longer than two leases", RelayServer.WAIT, () -> outage.refusedSettles() >= 2
                && System.nanoTime() - outageStarted > SHORT_LEASE.multipliedBy(2).toNanos());
        JsonNode during = relay.delivery(deliveryId);
        assertThat(during.path("state").asText()).as("state during the outage").isEqualTo("running");
        assertThat(during.path("attempt_log")).as("attempt log during the outage").isEmpty();
        assertThat(receiver.requestCount()).as("requests while the outage outlasted two leases").isEqualTo(1);
        outage.end();
        Duration outageLasted = Duration.ofNanos(System.nanoTime() - outageStarted);

        JsonNode delivery = relay.awaitDelivery(deliveryId, "completed");
        assertThat(delivery.path("attempts").asInt()).isEqualTo(1);
        assertThat(receiver.requests()).extracting(request -> request.header("x-hookrelay-attempt").orElseThrow())
                .containsExactly("1");
        assertThat(delivery.path("attempt_log")).singleElement().satisfies(entry -> {
            assertThat(entry.path("attempt").asInt()).isEqualTo(1);
            assertThat(entry.path("status_code").asInt()).isEqualTo(200);
        });
        assertThat(metric(FENCED)).isZero();
        assertThat(metric(SETTLE_RETRIES)).isGreaterThanOrEqualTo(outage.refusedSettles());
        System.out.println("[figures] TransientStoreErrorIT: settle outage of " + outageLasted.toMillis() + "ms with a "
                + SHORT_LEASE.toMillis() + "ms lease -> " + outage.refusedSettles() + " settles refused, "
                + SETTLE_RETRIES + " = " + metric(SETTLE_RETRIES) + ", requests = " + receiver.requestCount()
                + ", delivery completed as attempt 1");
    }

    @Test
    void claimsThatFailTransientlyAreMadeAgainAndTheWorkStillRuns() throws Exception {
        start(StoreFaults.withProductionLease(), 1);
        relay.api().post("/api/v1/targets/erp/pause").expect(200);
        String deliveryId = relay.onlyDeliveryOf(relay.accept("shop", "{\"type\":\"order.created\"}"));
        FlakyIntentStore intents = faults.intents();
        intents.failNext("claim", 5);

        // Due from now on: the claims that fail are the ones that would have taken it.
        relay.api().post("/api/v1/targets/erp/resume").expect(200);
        JsonNode delivery = relay.awaitDelivery(deliveryId, "completed");

        assertThat(delivery.path("attempts").asInt()).isEqualTo(1);
        assertThat(receiver.requestCount()).isEqualTo(1);
        assertThat(intents.failuresLeft("claim")).isZero();
        assertThat(metric(CLAIM_RETRIES)).isEqualTo(5);
        assertThat(relay.api().get("/readyz").status()).as("readiness after the failed claims").isEqualTo(200);
    }

    @Test
    void anEventTheDatabaseIsTooBusyToReadForDeliveryIsNotACountedAttemptAndIsSentOnceItCanBeRead() throws Exception {
        // No retries: were the busy read counted as a failed attempt, the delivery would fail without being sent.
        start(StoreFaults.withProductionLease());
        faults.events().findsBusyForNext(1);
        String eventId = relay.accept("shop", "{\"type\":\"order.created\"}");
        relay.awaitDelivery(relay.onlyDeliveryOf(eventId), "completed");
        assertThat(faults.events().busyFindsLeft()).as("the first delivery took its event from memory").isEqualTo(1);

        // A replay's delivery was not made with the event at hand, so it reads the event from the database, as
        // the replay itself does: that read, still busy, refuses the first replay.
        relay.api().post("/api/v1/targets/erp/pause").expect(200);
        relay.api().post("/api/v1/events/" + eventId + "/replay").expect(503);
        String deliveryId = relay.api().post("/api/v1/events/" + eventId + "/replay").expect(202)
                .path("deliveries").get(0).path("id").asText();
        faults.events().findsBusyForNext(2);
        relay.api().post("/api/v1/targets/erp/resume").expect(200);
        JsonNode delivery = relay.awaitDelivery(deliveryId, "completed");

        assertThat(faults.events().busyFindsLeft()).isZero();
        assertThat(delivery.path("attempts").asInt()).isEqualTo(1);
        assertThat(delivery.path("attempt_log")).singleElement()
                .satisfies(entry -> assertThat(entry.path("status_code").asInt()).isEqualTo(200));
        assertThat(receiver.requests()).extracting(request -> request.header("x-hookrelay-attempt").orElseThrow())
                .containsExactly("1", "1");
    }

    @Test
    void anIngestTheDatabaseIsTooBusyToStoreIsRefusedWith503AndRetryAfterAndLeavesNothingBehind() throws Exception {
        start(StoreFaults.withProductionLease(), 1);
        faults.events().storesBusyForNext(2);
        Map<String, String> key = Map.of("Idempotency-Key", "order-1001");
        byte[] body = "{\"type\":\"order.created\"}".getBytes(StandardCharsets.UTF_8);

        for (int refused = 1; refused <= 2; refused++) {
            ApiResponse answer = relay.api().ingest("shop", "application/json", body, key);
            assertThat(answer.status()).as("answer: %s", answer).isEqualTo(503);
            assertThat(answer.error()).isEqualTo("unavailable");
            assertThat(answer.header("Retry-After")).hasValueSatisfying(seconds -> assertThat(Integer.parseInt(seconds)).isPositive());
            assertThat(relay.events()).as("events after refusal %s", refused).isEmpty();
            assertThat(metric(UNAVAILABLE_INGESTS)).isEqualTo(refused);
        }

        // The provider's retry with the same key is the event's first storing, not a duplicate of a ghost.
        String eventId = relay.api().ingest("shop", "application/json", body, key).expect(202).path("event_id").asText();
        assertThat(relay.api().ingest("shop", "application/json", body, key).expect(200).path("event_id").asText())
                .isEqualTo(eventId);
        relay.awaitDelivery(relay.onlyDeliveryOf(eventId), "completed");
        assertThat(relay.events()).hasSize(1);
        assertThat(receiver.requestCount()).isEqualTo(1);
    }

    @Test
    void anOperatorsRetryTheDatabaseIsTooBusyToWriteIsRefusedWith503AndChangesNothing() throws Exception {
        start(StoreFaults.withProductionLease());
        receiver.answerNext(Answer.status(500));
        String deliveryId = relay.onlyDeliveryOf(relay.accept("shop", "{\"type\":\"order.created\"}"));
        relay.awaitDelivery(deliveryId, "failed");
        faults.intents().failNext("retryNow", 1);

        ApiResponse refused = relay.api().post("/api/v1/deliveries/" + deliveryId + "/retry");

        assertThat(refused.status()).as("answer: %s", refused).isEqualTo(503);
        assertThat(refused.error()).isEqualTo("unavailable");
        assertThat(refused.header("Retry-After")).isPresent();
        assertThat(relay.delivery(deliveryId).path("state").asText()).isEqualTo("failed");
        relay.api().post("/api/v1/deliveries/" + deliveryId + "/retry").expect(200);
        relay.awaitDelivery(deliveryId, "completed");
        assertThat(receiver.requestCount()).isEqualTo(2);
    }

    /** A server with {@code storeFaults} wired in, a plain source {@code shop} routed to a target {@code erp}. */
    private void start(StoreFaults storeFaults, Integer... retryScheduleSeconds) {
        faults = storeFaults;
        relay = RelayServer.startReplacing(dataDir, storeFaults);
        receiver = relay.startReceiver();
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", NewTarget.to("erp", receiver).retrySchedule(retryScheduleSeconds));
    }

    /** A counter's value in {@code /metrics}; zero while it has not been registered. */
    private double metric(String series) {
        String name = series.substring(0, series.indexOf('{'));
        String labels = series.substring(series.indexOf('{') + 1, series.length() - 1);
        return relay.metrics().lines()
                .filter(line -> line.startsWith(name + "{") && line.contains(labels))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst()
                .orElse(0);
    }
}
