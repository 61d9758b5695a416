package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider's webhook is never refused for what it holds (DESIGN §4): an event type that cannot be
 * extracted or used is stored as no type, counted by reason and logged once per source, and the event is
 * accepted and delivered to the routes without filters. Run on the real jar, whose log is its output.
 */
class UnusableEventTypeIT {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String DROPPED = "relay_ingest_event_type_dropped_total{reason=\"%s\"}";
    private static final String LOGGED = "could not be used";
    private static final String OVERLONG = "invoice." + "x".repeat(300);

    /** One webhook as its provider sends it. */
    private record Webhook(String source, String contentType, String body, Map<String, String> headers) {
        static Webhook json(String source, String body) {
            return new Webhook(source, "application/json", body, Map.of());
        }
    }

    @Test
    void eachEventWhoseTypeCannotBeUsedIsAcceptedAndDeliveredWithoutAType(@TempDir Path dataDir) throws Exception {
        try (Receiver filtered = Receiver.start(); Receiver everything = Receiver.start();
                HookrelayProcess process = HookrelayProcess.serve(dataDir)) {
            int port = process.awaitPort();
            ApiClient api = new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(HookrelayProcess.adminTokenOf(dataDir)));
            api.post("/api/v1/sources", "{\"id\":\"stripe\",\"event_type\":{\"json_pointer\":\"/type\"}}").expect(201);
            api.post("/api/v1/sources", "{\"id\":\"github\",\"event_type\":{\"header\":\"X-GitHub-Event\"}}").expect(201);
            api.post("/api/v1/targets", "{\"id\":\"invoices\",\"url\":\"" + filtered.url() + "\"}").expect(201);
            api.post("/api/v1/targets", "{\"id\":\"all\",\"url\":\"" + everything.url() + "\"}").expect(201);
            for (String source : List.of("stripe", "github")) {
                api.post("/api/v1/routes", "{\"source\":\"" + source + "\",\"target\":\"invoices\",\"event_types\":[\"invoice.*\"]}")
                        .expect(201);
                api.post("/api/v1/routes", "{\"source\":\"" + source + "\",\"target\":\"all\"}").expect(201);
            }
            List<Webhook> untyped = List.of(
                    new Webhook("stripe", "text/plain", "type=invoice.paid", Map.of()),
                    Webhook.json("stripe", "{\"type\":{\"name\":\"invoice.paid\"}}"),
                    Webhook.json("stripe", "{\"data\":{}}"),
                    Webhook.json("stripe", "{\"type\":\"" + OVERLONG + "\"}"),
                    Webhook.json("stripe", "{\"type\":\"invoice.\\u0007paid\"}"),
                    new Webhook("github", "application/json", "{}", Map.of()),
                    new Webhook("github", "application/json", "{}", Map.of("X-GitHub-Event", "invoice." + "y".repeat(300))));

            List<String> untypedEvents = new ArrayList<>();
            for (Webhook webhook : untyped) {
                JsonNode accepted = api.ingest(webhook.source(), webhook.contentType(), webhook.body().getBytes(StandardCharsets.UTF_8),
                        webhook.headers()).expect(202);
                assertThat(accepted.path("deliveries").asInt()).as("deliveries of %s", webhook).isEqualTo(1);
                untypedEvents.add(accepted.path("event_id").asText());
            }
            JsonNode typed = api.ingest("stripe", "application/json", "{\"type\":\"invoice.paid\"}".getBytes(StandardCharsets.UTF_8),
                    Map.of()).expect(202);
            assertThat(typed.path("deliveries").asInt()).isEqualTo(2);

            for (String eventId : untypedEvents) {
                assertThat(api.get("/api/v1/events/" + eventId).expect(200).get("event_type").isNull()).as(eventId).isTrue();
            }
            List<Receiver.Request> all = everything.awaitRequests(untyped.size() + 1);
            assertThat(all).filteredOn(request -> request.header("x-hookrelay-event-type").isPresent())
                    .singleElement().satisfies(request -> assertThat(request.header("x-hookrelay-event-type")).hasValue("invoice.paid"));
            assertThat(filtered.awaitRequests(1)).singleElement()
                    .satisfies(request -> assertThat(request.header("x-hookrelay-event-type")).hasValue("invoice.paid"));

            String metrics = api.withToken(Optional.empty()).get("/metrics").body();
            assertThat(metrics).contains(DROPPED.formatted("missing") + " 4.0", DROPPED.formatted("too_long") + " 2.0",
                    DROPPED.formatted("invalid_characters") + " 1.0");
            Await.until("each source's drop is logged", WAIT, () -> logged(process).size() >= 2);
            assertThat(logged(process)).as("once per source, never the value or the body").hasSize(2)
                    .anySatisfy(line -> assertThat(line).contains("source stripe"))
                    .anySatisfy(line -> assertThat(line).contains("source github"))
                    .allSatisfy(line -> assertThat(line).doesNotContain("xxxxxxxx", "yyyyyyyy", "invoice.paid", "\u0007"));
            assertThat(filtered.requestCount()).as("the filtered route took only the typed event").isEqualTo(1);
        }
    }

    private static List<String> logged(HookrelayProcess process) {
        List<String> lines = new ArrayList<>(process.stdoutLines());
        lines.addAll(process.stderrLines());
        return lines.stream().filter(line -> line.contains(LOGGED)).toList();
    }
}
