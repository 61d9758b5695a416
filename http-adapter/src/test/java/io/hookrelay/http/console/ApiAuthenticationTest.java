package io.hookrelay.http.console;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RecordingIngest;
import io.hookrelay.http.RecordingSources;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiAuthenticationTest {
    private final RecordingSources sources = new RecordingSources();
    private final RecordingIngest ingest = RecordingIngest.admitting(Map.of("github", 100));
    private final ApiServer server = new ApiServer(sources, ingest);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theRightTokenOpensTheApi() throws Exception {
        HttpResponse<String> response = server.send("GET", "/api/v1/sources", null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(sources.given).containsExactly("list");
    }

    @Test
    void theSchemeNameIsCaseInsensitive() throws Exception {
        HttpResponse<String> response = server.send(
                server.request("/api/v1/sources").header("Authorization", "bearer " + ApiServer.TOKEN), "GET", null);

        assertThat(response.statusCode()).isEqualTo(200);
    }

    @Test
    void noTokenIs401AndRunsNothing() throws Exception {
        HttpResponse<String> response = server.send(server.request("/api/v1/sources"), "GET", null);

        assertErrorShape(response, 401, "unauthorized");
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
        assertThat(sources.given).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer wrong-token", "Bearer ", "Bearer", "Basic dGVzdDp0ZXN0", ApiServer.TOKEN,
            "Bearer " + ApiServer.TOKEN + "x", "Bearer x" + ApiServer.TOKEN})
    void aWrongTokenIs401AndRunsNothing(String authorization) throws Exception {
        HttpResponse<String> response = server.send(
                server.request("/api/v1/sources").header("Authorization", authorization), "GET", null);

        assertErrorShape(response, 401, "unauthorized");
        assertThat(response.body()).doesNotContain(ApiServer.TOKEN);
        assertThat(sources.given).isEmpty();
    }

    @Test
    void twoAuthorizationHeadersAreRefusedEvenIfOneIsRight() throws Exception {
        HttpResponse<String> response = server.send(server.request("/api/v1/sources")
                .header("Authorization", "Bearer " + ApiServer.TOKEN).header("Authorization", "Bearer other"), "GET", null);

        assertErrorShape(response, 401, "unauthorized");
    }

    @Test
    void withoutTheTokenNothingIsLearntAboutPathsOrBodies() throws Exception {
        assertErrorShape(server.send(server.request("/api/v1/no/such/path"), "GET", null), 401, "unauthorized");
        assertErrorShape(server.send(server.request("/api/v1/sources"), "PATCH", "{"), 401, "unauthorized");
        assertErrorShape(server.send(server.request("/api/v1"), "GET", null), 401, "unauthorized");
        assertThat(sources.given).isEmpty();
    }

    @Test
    void ingestAndOperationsNeedNoToken() throws Exception {
        assertThat(server.send(server.request("/hooks/github"), "POST", "{}").statusCode()).isEqualTo(202);
        assertThat(server.send(server.request("/healthz"), "GET", null).statusCode()).isEqualTo(200);
        assertThat(server.send(server.request("/metrics"), "GET", null).statusCode()).isEqualTo(200);
    }

    @Test
    void pathsThatOnlyStartLikeTheApiAreNotGuardedButUnknown() throws Exception {
        assertErrorShape(server.send(server.request("/api/v1x/sources"), "GET", null), 404, "not_found");
        assertErrorShape(server.send(server.request("/api/v2/sources"), "GET", null), 404, "not_found");
    }
}
