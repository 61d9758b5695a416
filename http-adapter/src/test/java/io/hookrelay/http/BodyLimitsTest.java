package io.hookrelay.http;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Source;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Bodies are read with a limit: 64 KiB for the management API, the source's {@code max_body_bytes} for
 * ingest. Over the limit is {@code 413 payload_too_large}, whether the {@code Content-Length} says so up
 * front or a chunked body runs past it, and the use case never runs.
 */
class BodyLimitsTest {
    private static final int SMALL_SOURCE_LIMIT = 1000;

    private final RecordingIngest ingest = RecordingIngest.admitting(
            Map.of("small", SMALL_SOURCE_LIMIT, "largest", Source.LARGEST_MAX_BODY_BYTES));
    private final RecordingBackups backups = new RecordingBackups();
    private final ApiServer server = new ApiServer(ingest, backups);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anApiBodyOfExactly64KiBIsRead() throws Exception {
        String json = padded("{\"path\":\"/tmp/copy.db\"}", ApiRequest.MAX_JSON_BYTES);

        HttpResponse<String> response = server.send("POST", "/api/v1/admin/backup", json);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    }

    @Test
    void anApiBodyOneByteOver64KiBIs413() throws Exception {
        String json = padded("{\"path\":\"/tmp/copy.db\"}", ApiRequest.MAX_JSON_BYTES + 1);

        assertErrorShape(server.send("POST", "/api/v1/admin/backup", json), 413, "payload_too_large");
        assertThat(backups.saved).isEmpty();
    }

    @Test
    void aChunkedApiBodyIsCutOffPast64KiB() throws Exception {
        byte[] json = padded("{\"path\":\"/tmp/copy.db\"}", ApiRequest.MAX_JSON_BYTES + 1).getBytes();

        HttpResponse<String> response = server.send(server.request("/api/v1/admin/backup")
                .header("Authorization", "Bearer " + ApiServer.TOKEN)
                .POST(chunked(json)).build());

        assertErrorShape(response, 413, "payload_too_large");
        assertThat(backups.saved).isEmpty();
    }

    @Test
    void anApiContentLengthOver64KiBIsRefusedBeforeTheBodyIsRead() throws Exception {
        String statusLine = server.statusLineForHeadOnly("POST", "/api/v1/admin/backup", 10_000_000,
                "Authorization: Bearer " + ApiServer.TOKEN + "\r\n");

        assertThat(statusLine).isEqualTo("HTTP/1.1 413 Request Entity Too Large");
        assertThat(backups.saved).isEmpty();
    }

    @Test
    void anIngestBodyUpToTheSourceLimitIsTakenByteForByte() throws Exception {
        byte[] body = new byte[SMALL_SOURCE_LIMIT];
        Arrays.fill(body, (byte) 0xA5);

        HttpResponse<String> response = server.send(server.request("/hooks/small").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());

        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(ingest.ingested).singleElement().satisfies(request -> assertThat(request.body()).isEqualTo(body));
    }

    @Test
    void anIngestBodyOverTheSourceLimitIs413AsTheUseCaseRefusesIt() throws Exception {
        HttpResponse<String> response = server.send(server.request("/hooks/small")
                .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[SMALL_SOURCE_LIMIT + 1])).build());

        assertErrorShape(response, 413, "payload_too_large");
        assertThat(ingest.calls).containsExactly("admit", "bodyTooLarge");
    }

    @Test
    void aChunkedIngestBodyIsCutOffPastTheSourceLimit() throws Exception {
        HttpResponse<String> response = server.send(server.request("/hooks/small").POST(chunked(new byte[SMALL_SOURCE_LIMIT + 1])).build());

        assertErrorShape(response, 413, "payload_too_large");
        assertThat(ingest.calls).containsExactly("admit", "bodyTooLarge");
    }

    @Test
    void anIngestContentLengthOverTheLimitIsRefusedBeforeTheBodyIsRead() throws Exception {
        assertThat(server.statusLineForHeadOnly("POST", "/hooks/small", SMALL_SOURCE_LIMIT + 1, ""))
                .isEqualTo("HTTP/1.1 413 Request Entity Too Large");
        assertThat(server.statusLineForHeadOnly("POST", "/hooks/largest", Source.LARGEST_MAX_BODY_BYTES + 1L, ""))
                .isEqualTo("HTTP/1.1 413 Request Entity Too Large");
        assertThat(ingest.calls).containsExactly("admit", "bodyTooLarge", "admit", "bodyTooLarge");
    }

    @Test
    void aChunkedBodyPastTheLargestSourceLimitIs413() throws Exception {
        HttpResponse<String> response = server.send(server.request("/hooks/largest")
                .POST(chunked(new byte[Source.LARGEST_MAX_BODY_BYTES + 1])).build());

        assertErrorShape(response, 413, "payload_too_large");
        assertThat(ingest.calls).containsExactly("admit", "bodyTooLarge");
    }

    @Test
    void aWebhookRefusedByItsHeadIsAnsweredBeforeItsBodyIsRead() throws Exception {
        assertThat(server.statusLineForHeadOnly("POST", "/hooks/nobody", 5_000_000, "")).isEqualTo("HTTP/1.1 404 Not Found");

        HttpResponse<String> response = server.send(server.request("/hooks/nobody").POST(HttpRequest.BodyPublishers.ofString("{}")).build());

        assertErrorShape(response, 404, "unknown_source");
        assertThat(ingest.calls).containsExactly("admit", "admit");
    }

    /** {@code prefix} followed by spaces up to {@code bytes} bytes: still the same JSON document. */
    private static String padded(String prefix, int bytes) {
        return prefix + " ".repeat(bytes - prefix.length());
    }

    /** A body of unknown length, which the client sends chunked. */
    private static HttpRequest.BodyPublisher chunked(byte[] body) {
        return HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
    }
}
