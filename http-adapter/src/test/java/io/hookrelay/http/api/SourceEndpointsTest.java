package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingSources;
import io.hookrelay.http.Samples;
import io.hookrelay.http.WrittenJson;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each source endpoint turns its request into the right {@code ManageSources} call and the result into status and JSON. */
class SourceEndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RecordingSources sources = new RecordingSources();
    private final ApiServer server = new ApiServer(sources);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void createSourceTakesOnlyAnIdAndFillsInTheDefaults() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/sources", "{\"id\":\"plain\"}");

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(sources.given).containsExactly(Samples.plainSource("plain"));
        assertThat(JSON.readTree(response.body())).isEqualTo(JSON.readTree(WrittenJson.of(SourceJson.of(Samples.plainSource("plain")))));
    }

    @Test
    void createSourceMapsEveryField() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/sources", "{\"id\":\"github\",\"verify\":{\"scheme\":\"hmac-sha256\","
                + "\"secret\":\"gh-secret\"},\"idempotency_header\":\"X-GitHub-Delivery\",\"event_type\":{\"header\":\"X-GitHub-Event\"},"
                + "\"max_body_bytes\":2048}");

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(sources.given).containsExactly(Samples.githubSource());
        assertThat(response.body()).doesNotContain("gh-secret");
    }

    @Test
    void aJsonPointerEventTypeAndAStripeSecret() throws Exception {
        server.send("POST", "/api/v1/sources", "{\"id\":\"stripe\",\"verify\":{\"scheme\":\"stripe\",\"secret\":\"whsec_abc\"},"
                + "\"event_type\":{\"json_pointer\":\"/type\"}}");

        assertThat(sources.given).containsExactly(new Source("stripe", new Verification(VerificationScheme.STRIPE, "whsec_abc", null, null, null),
                Optional.empty(), new EventTypeSource.JsonPointer("/type"), Source.DEFAULT_MAX_BODY_BYTES));
    }

    @Test
    void listGetReplaceAndDeleteSources() throws Exception {
        HttpResponse<String> list = server.send("GET", "/api/v1/sources", null);
        HttpResponse<String> get = server.send("GET", "/api/v1/sources/github", null);
        HttpResponse<String> replace = server.send("PUT", "/api/v1/sources/github", "{\"max_body_bytes\":10}");
        HttpResponse<String> replaceWithId = server.send("PUT", "/api/v1/sources/github", "{\"id\":\"github\"}");
        HttpResponse<String> delete = server.send("DELETE", "/api/v1/sources/github", null);

        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(tree(list).get("data")).hasSize(1);
        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(tree(get).get("id").asText()).isEqualTo("github");
        assertThat(replace.statusCode()).isEqualTo(200);
        assertThat(replaceWithId.statusCode()).isEqualTo(200);
        assertThat(delete.statusCode()).isEqualTo(204);
        assertThat(delete.body()).isEmpty();
        assertThat(sources.given).containsExactly("list", "get github",
                new Source("github", Verification.none(), Optional.empty(), new EventTypeSource.None(), 10),
                Samples.plainSource("github"), "delete github");
    }

    @Test
    void useCasesRunOnWorkerThreadsNeverOnIoThreads() throws Exception {
        server.send("GET", "/api/v1/sources", null);

        assertThat(sources.threads).hasSize(1).allSatisfy(name -> assertThat(name).contains("task").doesNotContain("I/O"));
    }

    private static JsonNode tree(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }
}
