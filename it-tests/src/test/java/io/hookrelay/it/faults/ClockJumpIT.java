package io.hookrelay.it.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay on SQLite while the machine's wall clock leaps by five minutes, as a clock set by hand or stepped by NTP
 * does: the jar runs under libfaketime, which reads the leap from a file once a second, and its monotonic clock
 * is left alone, as a real leap leaves it. A leap forward must not make live work look expired and run it twice; a
 * leap back must not hold a retry back for five minutes. Run as CI runs it, with Debian's {@code faketime} installed.
 */
class ClockJumpIT {
    private static final Path LIBFAKETIME = Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1");
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final int HELD = 10;
    private static final Duration LEAP = Duration.ofMinutes(5);
    /** libfaketime reading its file slows every clock read of the JVM, and its start several times over on busy cores. */
    private static final Duration STARTING_UNDER_LIBFAKETIME = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    /** One relay for both leaps: its start under libfaketime is the slow part. */
    @Test
    void aClockThatLeapsForwardRunsNoLiveWorkTwiceAndOneThatLeapsBackHoldsNoRetryBack() throws Exception {
        Path leap = leapFile("+0");
        try (Receiver held = Receiver.start(); Receiver other = Receiver.start(); Receiver flaky = Receiver.start();
             HookrelayProcess relay = relayUnder(leap)) {
            ApiClient api = api(relay);
            // Held far longer than the default timeout may take on a busy machine: no attempt ends but by its answer.
            routed(api, "held-source", NewTarget.to("held", held).maxInFlight(HELD).timeout(Duration.ofMinutes(5)));
            routed(api, "other-source", NewTarget.to("other", other));
            routed(api, "flaky-source", NewTarget.to("flaky", flaky).retrySchedule(2));
            held.holdRequests();
            for (int i = 0; i < HELD; i++) {
                accept(api, "held-source");
            }
            held.awaitRequests(HELD);

            leap(api, leap, LEAP);
            // Claimed after the leap: a claim that judged leases by the leapt clock took the held ones with it.
            accept(api, "other-source");
            other.awaitRequests(1);
            held.releaseAll();
            Await.until("every delivery completed", PATIENCE, () -> deliveries(api).stream()
                    .allMatch(delivery -> delivery.path("state").asText().equals("completed")));
            assertThat(held.requestCount()).as("requests to the target whose deliveries were under way at the leap").isEqualTo(HELD);

            flaky.answerNext(Receiver.Answer.status(500));
            accept(api, "flaky-source");
            flaky.awaitRequests(1);
            Await.until("the retry scheduled", PATIENCE, () -> deliveries(api).stream()
                    .anyMatch(delivery -> delivery.path("attempts").asInt() == 1 && delivery.path("state").asText().equals("pending")));
            leap(api, leap, Duration.ZERO);
            Await.until("the retry sent, well before the five minutes the clock leapt back", PATIENCE, () -> flaky.requestCount() >= 2);

            assertThat(deliveries(api)).hasSize(HELD + 2);
            assertThat(relay.stderrLines()).isEmpty();
        }
    }

    /**
     * Leaps the relay's wall clock by {@code by} and waits until the process has read it: libfaketime reads the file at
     * most once a second, and the {@code Date} header of the relay's answers is its wall clock, unsteadied.
     */
    private static void leap(ApiClient api, Path leap, Duration by) throws Exception {
        Files.writeString(leap, (by.isNegative() ? "-" : "+") + by.abs().toSeconds());
        Await.until("the relay's wall clock leapt by " + by, PATIENCE, () -> {
            Instant told = ZonedDateTime.parse(api.get("/healthz").header("Date").orElseThrow(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
            return Duration.between(Instant.now().plus(by), told).abs().compareTo(Duration.ofSeconds(5)) < 0;
        });
    }

    private Path leapFile(String offset) throws Exception {
        if (!Files.isReadable(LIBFAKETIME)) {
            throw new IllegalStateException(LIBFAKETIME + " is missing: install Debian's faketime package (.ci/run does)");
        }
        return Files.writeString(dir.resolve("leap"), offset);
    }

    /** The jar on a data directory of its own, its wall clock read through {@code leap}, its monotonic clock untouched. */
    private HookrelayProcess relayUnder(Path leap) throws Exception {
        Path dataDir = dir.resolve("data");
        return HookrelayProcess.startWithEnvironment(Map.of("LD_PRELOAD", LIBFAKETIME.toString(),
                        "FAKETIME_TIMESTAMP_FILE", leap.toString(), "FAKETIME_CACHE_DURATION", "1", "FAKETIME_DONT_FAKE_MONOTONIC", "1"),
                "serve", "--data-dir", dataDir.toString(), "--port", "0");
    }

    private ApiClient api(HookrelayProcess relay) throws Exception {
        int port = relay.awaitPort(STARTING_UNDER_LIBFAKETIME);
        return new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(HookrelayProcess.adminTokenOf(dir.resolve("data"))));
    }

    private static void routed(ApiClient api, String source, NewTarget target) {
        api.post("/api/v1/sources", "{\"id\":\"" + source + "\"}").expect(201);
        api.post("/api/v1/targets", target.json()).expect(201);
        api.post("/api/v1/routes", Json.write(Map.of("source", source, "target", target.id()))).expect(201);
    }

    private static void accept(ApiClient api, String source) {
        api.ingest(source, "application/json", "{\"type\":\"leap\"}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);
    }

    private static List<JsonNode> deliveries(ApiClient api) {
        List<JsonNode> deliveries = new ArrayList<>();
        api.get("/api/v1/deliveries?limit=500").expect(200).path("data").forEach(deliveries::add);
        return deliveries;
    }
}
