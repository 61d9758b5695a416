package io.hookrelay.http.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.usecase.InboundRequest;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingIngest;
import io.hookrelay.http.Samples;
import io.hookrelay.http.WrittenJson;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A webhook reaches {@code IngestWebhook} as the provider sent it, and its result comes back as status and JSON. */
class IngestEndpointTest {
    private static final String EVENT = Samples.EVENT_ID;

    private final RecordingIngest ingest = new RecordingIngest(
            Map.of("github", Source.DEFAULT_MAX_BODY_BYTES, "repeat", Source.DEFAULT_MAX_BODY_BYTES),
            source -> CompletableFuture.completedStage(source.equals("repeat") ? new IngestResult(EVENT, 1, true) : new IngestResult(EVENT, 2, false)));
    private final ApiServer server = new ApiServer(ingest);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void ingestPassesTheBodyByteForByteWithLowerCasedHeaders() throws Exception {
        byte[] body = {0, (byte) 0xff, '{', '}', '\n'};

        HttpResponse<String> response = server.send(server.request("/hooks/github?token=ignored")
                .header("Content-Type", "application/json; charset=utf-8")
                .header("X-GitHub-Event", "push")
                .header("X-Multi", "a").header("X-Multi", "b")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());

        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(response.body()).isEqualTo("{\"event_id\":\"" + EVENT + "\",\"deliveries\":2}");
        InboundRequest request = ingest.ingested.get(0);
        assertThat(ingest.admitted).containsExactly("github");
        assertThat(request.body()).isEqualTo(body);
        assertThat(request.contentType()).isEqualTo("application/json; charset=utf-8");
        assertThat(request.headers()).containsEntry("x-github-event", "push").containsEntry("x-multi", "a, b")
                .containsEntry("content-length", "5");
    }

    @Test
    void aWebhookToATenantsSourceNamesBothAndOneToABareSourceTheDefaultTenants() throws Exception {
        assertThat(server.send(server.request("/hooks/acme/github").POST(HttpRequest.BodyPublishers.ofString("{}")).build())
                .statusCode()).isEqualTo(202);
        assertThat(server.send(server.request("/hooks/github").POST(HttpRequest.BodyPublishers.ofString("{}")).build())
                .statusCode()).isEqualTo(202);

        assertThat(ingest.admitted).containsExactly("acme/github", "github");
    }

    /** A percent-encoded '?' is part of the source's id, not the end of the path. */
    @Test
    void anIngestPathWithAnEncodedQuestionMarkNamesNoSource() throws Exception {
        HttpResponse<String> response = server.send(server.request("/hooks/github%3Fx").POST(HttpRequest.BodyPublishers.ofString("{}")).build());

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(ingest.admitted).containsExactly("github?x");
    }

    @Test
    void aRepeatedIdempotencyKeyIs200Duplicate() throws Exception {
        HttpResponse<String> response = server.send(server.request("/hooks/repeat").POST(HttpRequest.BodyPublishers.ofString("{}")).build());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"event_id\":\"" + EVENT + "\",\"deliveries\":1,\"duplicate\":true}");
    }

    @Test
    void ingestSaysDuplicateOnlyForARepeat() {
        assertThat(WrittenJson.of(IngestHandler.IngestJson.of(new IngestResult(EVENT, 2, false))))
                .isEqualTo("{\"event_id\":\"" + EVENT + "\",\"deliveries\":2}");
        assertThat(WrittenJson.of(IngestHandler.IngestJson.of(new IngestResult(EVENT, 2, true))))
                .isEqualTo("{\"event_id\":\"" + EVENT + "\",\"deliveries\":2,\"duplicate\":true}");
    }

    @Test
    void anIngestWithoutContentTypePassesEmptyText() throws Exception {
        server.send(server.request("/hooks/github").POST(HttpRequest.BodyPublishers.noBody()).build());

        assertThat(ingest.ingested.get(0).contentType()).isEmpty();
        assertThat(ingest.ingested.get(0).body()).isEmpty();
    }

    @Test
    void theUseCaseRunsOnWorkerThreadsNeverOnIoThreads() throws Exception {
        server.send(server.request("/hooks/github").POST(HttpRequest.BodyPublishers.ofString("{}")).build());

        assertThat(ingest.threads).hasSize(2).allSatisfy(name -> assertThat(name).contains("task").doesNotContain("I/O"));
    }
}
