package io.hookrelay.it.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.Receipt;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayDatabase.LoggedAttempt;
import io.hookrelay.it.support.RelayDatabase.StoredDelivery;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM, as an init system stops the service, while deliveries are waiting for their receiver: attempts
 * answered within {@code --shutdown-grace} are written down before the process exits and never sent again;
 * attempts still unanswered when the grace ends are left to the next start, which sends them again at once
 * (restart recovery, not the 30 s lease running out), numbered on from where they were, and leaves no claim
 * behind.
 */
class GracefulStopIT {
    private static final String SOURCE = "graceful";
    private static final String TARGET = "slow-receiver";
    private static final int IN_FLIGHT = 3;
    /** Much longer than any grace here, so it is the grace, not the target's timeout, that ends an attempt. */
    private static final int TARGET_TIMEOUT_MS = 60_000;
    /**
     * How much longer the abandoned leases are made to run before the restart: far beyond any wait here, so
     * a delivery sent again can only have been released by restart recovery.
     */
    private static final Duration LEASE_EXTENSION = Duration.ofHours(1);

    @Test
    void attemptsAnsweredWithinTheGraceAreWrittenDownBeforeExitAndNeverSentAgain(@TempDir Path dataDir) throws Exception {
        try (Receiver receiver = Receiver.start()) {
            configure(dataDir, receiver);
            receiver.holdRequests();
            List<String> events;
            try (HookrelayProcess server = HookrelayProcess.serve(dataDir, "--shutdown-grace", "30s")) {
                events = postEvents(urlOf(server), IN_FLIGHT);
                receiver.awaitRequests(IN_FLIGHT);

                server.terminate();
                Await.until("the server stopping", RelayServer.WAIT, () -> server.stdout().contains("hookrelay stopping"));
                receiver.releaseAll();

                assertThat(server.awaitExit()).as("exit code after SIGTERM").isZero();
            }
            assertSettledOnFirstAttempt(dataDir, events);

            List<String> allEvents = new ArrayList<>(events);
            try (HookrelayProcess restarted = HookrelayProcess.serve(dataDir)) {
                List<String> marker = postEvents(urlOf(restarted), 1);
                allEvents.addAll(marker);
                awaitCompleted(dataDir, marker);
                assertThat(restarted.stdout()).contains("restart recovery: 0 running intent(s)");
                restarted.terminate();
                assertThat(restarted.awaitExit()).isZero();
            }
            assertThat(receiver.requests()).as("events received, each once: after the restart only the new one")
                    .extracting(request -> request.header("webhook-id").orElseThrow())
                    .containsExactlyInAnyOrderElementsOf(allEvents);
            assertSettledOnFirstAttempt(dataDir, allEvents);
        }
    }

    @Test
    void attemptsStillUnansweredWhenTheGraceEndsAreSentAgainAtOnceByTheNextStart(@TempDir Path dataDir) throws Exception {
        try (Receiver receiver = Receiver.start()) {
            configure(dataDir, receiver);
            receiver.holdRequests();
            List<String> events;
            long stopTook;
            try (HookrelayProcess server = HookrelayProcess.serve(dataDir, "--shutdown-grace", "1s")) {
                events = postEvents(urlOf(server), IN_FLIGHT);
                receiver.awaitRequests(IN_FLIGHT);

                long signalled = System.nanoTime();
                server.terminate();
                assertThat(server.awaitExit()).as("exit code after SIGTERM").isZero();
                stopTook = System.nanoTime() - signalled;
                assertThat(receiver.unansweredNow()).as("requests the receiver still holds when the relay has exited").isEqualTo(IN_FLIGHT);
                assertThat(server.stdout()).contains("shutdown grace over: leaving " + IN_FLIGHT + " running attempt(s)");
            }
            assertLeftRunningWithLiveLeases(dataDir, events);
            RelayDatabase.extendRunningLeases(dataDir, LEASE_EXTENSION);
            receiver.releaseAll();

            long restarted = System.nanoTime();
            try (HookrelayProcess server = HookrelayProcess.serve(dataDir)) {
                server.awaitPort();
                long listening = System.nanoTime();
                List<Receiver.Request> requests = receiver.awaitRequests(2 * IN_FLIGHT);
                long resent = System.nanoTime();
                assertThat(server.stdout()).contains("restart recovery: " + IN_FLIGHT + " running intent(s)");
                assertThat(requests.subList(IN_FLIGHT, requests.size())).as("the second requests")
                        .allMatch(request -> Receipt.attemptOf(request) == 2)
                        .extracting(request -> request.header("webhook-id").orElseThrow())
                        .containsExactlyInAnyOrderElementsOf(events);
                awaitCompleted(dataDir, events);
                server.terminate();
                assertThat(server.awaitExit()).isZero();
                System.out.printf("[figures] GracefulStopIT SIGTERM with %d attempts held past --shutdown-grace 1s: exit after %dms;"
                                + " restart->listening %dms, listening->all %d re-sent %dms%n", IN_FLIGHT, millis(stopTook),
                        millis(listening - restarted), IN_FLIGHT, millis(resent - listening));
            }
            try (RelayDatabase database = RelayDatabase.open(dataDir)) {
                assertThat(database.unfinishedIntents()).as("pending or running intents at the end").isZero();
                Map<String, List<LoggedAttempt>> logs = database.attemptLogs();
                for (StoredDelivery delivery : deliveriesOf(database, events)) {
                    assertThat(delivery.attempts()).as("attempts of %s", delivery.id()).isEqualTo(2);
                    assertThat(logs.get(delivery.id())).as("attempt log of %s: the attempt left at the stop logged as abandoned", delivery.id())
                            .extracting(LoggedAttempt::attempt, LoggedAttempt::outcome)
                            .containsExactly(tuple(1, "abandoned"), tuple(2, "success"));
                }
            }
        }
    }

    /** A plain source routed to one target on {@code receiver}, made through an in-process server's API. */
    private static void configure(Path dataDir, Receiver receiver) {
        try (RelayServer setup = RelayServer.start(dataDir)) {
            setup.createPlainSource(SOURCE);
            setup.api().post("/api/v1/targets", Json.write(Map.of("id", TARGET, "url", receiver.url(), "timeout_ms", TARGET_TIMEOUT_MS)))
                    .expect(201);
            setup.createRoute(SOURCE, TARGET);
        }
    }

    private static URI urlOf(HookrelayProcess server) throws InterruptedException {
        return URI.create("http://127.0.0.1:" + server.awaitPort());
    }

    /** Posts {@code count} events that must each be acknowledged; returns their ids. */
    private static List<String> postEvents(URI server, int count) {
        ApiClient provider = new ApiClient(server, Optional.empty());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] body = ("{\"type\":\"graceful.test\",\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8);
            ids.add(provider.ingest(SOURCE, "application/json", body, Map.of()).expect(202).path("event_id").asText());
        }
        return ids;
    }

    private static void assertSettledOnFirstAttempt(Path dataDir, List<String> events) {
        try (RelayDatabase database = RelayDatabase.open(dataDir)) {
            Map<String, List<LoggedAttempt>> logs = database.attemptLogs();
            for (StoredDelivery delivery : deliveriesOf(database, events)) {
                assertThat(delivery.state()).as("state of %s", delivery.id()).isEqualTo("completed");
                assertThat(delivery.attempts()).as("attempts of %s", delivery.id()).isEqualTo(1);
                assertThat(logs.get(delivery.id())).as("attempt log of %s", delivery.id())
                        .extracting(LoggedAttempt::attempt, LoggedAttempt::outcome)
                        .containsExactly(tuple(1, "success"));
            }
        }
    }

    /** The deliveries of {@code events} are still {@code running} on their first attempt, without a log entry, under live leases. */
    private static void assertLeftRunningWithLiveLeases(Path dataDir, List<String> events) {
        try (RelayDatabase database = RelayDatabase.open(dataDir)) {
            List<StoredDelivery> deliveries = deliveriesOf(database, events);
            assertThat(deliveries).extracting(StoredDelivery::state).containsOnly("running");
            assertThat(deliveries).extracting(StoredDelivery::attempts).containsOnly(1);
            assertThat(deliveries).extracting(delivery -> Instant.ofEpochMilli(delivery.claimUntilMillis()))
                    .as("ends of the abandoned leases").allMatch(Instant.now()::isBefore);
            assertThat(database.attemptLogs()).as("attempt logs").isEmpty();
        }
    }

    private static long millis(long nanos) {
        return Duration.ofNanos(nanos).toMillis();
    }

    private static void awaitCompleted(Path dataDir, List<String> events) throws InterruptedException {
        try (RelayDatabase database = RelayDatabase.open(dataDir)) {
            Await.until("deliveries of " + events + " completed", RelayServer.WAIT, () -> deliveriesOf(database, events).stream()
                    .allMatch(delivery -> delivery.state().equals("completed")));
        }
    }

    /** The one delivery of each of {@code events}. */
    private static List<StoredDelivery> deliveriesOf(RelayDatabase database, Collection<String> events) {
        List<StoredDelivery> deliveries = database.deliveries().values().stream()
                .filter(delivery -> events.contains(delivery.eventId())).toList();
        assertThat(deliveries).extracting(StoredDelivery::eventId).containsExactlyInAnyOrderElementsOf(events);
        return deliveries;
    }
}
