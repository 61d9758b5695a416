package io.hookrelay.http;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A management request with a body must declare it as JSON in UTF-8 ({@link JsonContentType}); otherwise it is
 * {@code 415 unsupported_media_type}, naming the media type it takes in {@code Accept}, before any use case
 * runs. A request without a body needs no content type, and ingest takes any.
 */
class ContentTypeTest {
    private final RecordingSources sources = new RecordingSources();
    private final RecordingTargets targets = new RecordingTargets();
    private final ApiServer server = new ApiServer(sources, targets);

    @AfterEach
    void stop() {
        server.close();
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("POST", "/api/v1/sources", "{\"id\":\"plain\"}", "text/plain"),
                Arguments.of("POST", "/api/v1/sources", "{\"id\":\"plain\"}", "application/x-www-form-urlencoded"),
                Arguments.of("POST", "/api/v1/sources", "{\"id\":\"plain\"}", "application/json; charset=utf-16"),
                Arguments.of("POST", "/api/v1/sources", "{\"id\":\"plain\"}", null),
                Arguments.of("PUT", "/api/v1/sources/plain", "{}", "text/plain"),
                Arguments.of("POST", "/api/v1/targets", "{\"id\":\"t\",\"url\":\"https://x.example\"}", "application/xml"),
                Arguments.of("POST", "/api/v1/routes", "{\"source\":\"s\",\"target\":\"t\"}", "multipart/form-data; boundary=x"),
                Arguments.of("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\"}", "text/json"),
                Arguments.of("POST", "/api/v1/admin/backup", "{\"path\":\"/tmp/x.db\"}", "application/merge-patch+json"),
                Arguments.of("POST", "/api/v1/targets/t/pause", "{}", "text/plain"));
    }

    @ParameterizedTest(name = "{0} {1} as {3}")
    @MethodSource("refused")
    void aBodyNotDeclaredAsJsonIs415(String method, String path, String body, String contentType) throws Exception {
        HttpResponse<String> response = server.send(withType(path, contentType), method, body);

        assertErrorShape(response, 415, "unsupported_media_type");
        assertThat(response.headers().firstValue("Accept")).hasValue("application/json");
        assertThat(sources.given).isEmpty();
        assertThat(targets.given).isEmpty();
    }

    @Test
    void jsonWithItsCharsetIsRead() throws Exception {
        HttpResponse<String> response = server.send(withType("/api/v1/sources", "application/json; charset=UTF-8"), "POST", "{\"id\":\"plain\"}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        assertThat(sources.given).containsExactly(Samples.plainSource("plain"));
    }

    @Test
    void aRequestWithoutABodyNeedsNoContentTypeWhateverItSays() throws Exception {
        HttpResponse<String> response = server.send(withType("/api/v1/targets/t/pause", "text/plain"), "POST", null);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(targets.given).containsExactly("pause t");
    }

    @Test
    void aBodyOfTheWrongSizeIsRefusedForItsSizeFirst() throws Exception {
        HttpResponse<String> response = server.send(withType("/api/v1/sources", "text/plain"), "POST", " ".repeat(ApiRequest.MAX_JSON_BYTES + 1));

        assertErrorShape(response, 413, "payload_too_large");
    }

    private HttpRequest.Builder withType(String path, String contentType) {
        HttpRequest.Builder request = server.request(path).header("Authorization", "Bearer " + ApiServer.TOKEN);
        return contentType == null ? request : request.header("Content-Type", contentType);
    }
}
