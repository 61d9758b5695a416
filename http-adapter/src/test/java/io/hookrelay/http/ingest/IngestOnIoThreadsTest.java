package io.hookrelay.http.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Source;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.RawExchange;
import io.hookrelay.http.RecordingIngest;
import io.hookrelay.http.RecordingSources;
import io.hookrelay.http.api.ApiRoutes;
import io.hookrelay.queue.testing.Await;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * For an ingest that never blocks, webhooks are handled on the connection's I/O thread, with no hand-over to a request
 * thread and back; the management API stays on request threads, and a body that arrives in pieces is still stored whole.
 */
class IngestOnIoThreadsTest {
    private final RecordingIngest ingest = RecordingIngest.admitting(Map.of("github", Source.DEFAULT_MAX_BODY_BYTES));
    private final RecordingSources sources = new RecordingSources();
    private final ApiServer server = new ApiServer(ApiRoutes::withIngestOnIoThreads, ingest, sources);

    @AfterEach
    void stop() {
        server.close();
    }

    /** Head and body in one write, so the body is there to be read with the head, as a webhook's small body mostly is. */
    @Test
    void aWebhookIsAdmittedAndStoredOnTheIoThread() throws Exception {
        RawExchange answer = RawExchange.send(server.port(),
                "POST /hooks/github HTTP/1.1\r\nHost: relay\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");

        assertThat(answer.status()).isEqualTo(202);
        assertThat(ingest.threads).hasSize(2).allSatisfy(name -> assertThat(name).contains("I/O"));
    }

    @Test
    void theManagementApiStaysOnRequestThreads() throws Exception {
        server.send("GET", "/api/v1/sources", null);

        assertThat(sources.threads).hasSize(1).allSatisfy(name -> assertThat(name).contains("task").doesNotContain("I/O"));
    }

    @Test
    void aBodyThatArrivesInPiecesIsStoredWhole() throws Exception {
        String body = "{\"id\":\"evt_1\",\"amount\":4200}";
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /hooks/github HTTP/1.1\r\nHost: relay\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length() + "\r\n\r\n" + body.substring(0, 10)).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Await.until("the head was admitted", ApiServer.WAIT, () -> ingest.calls.contains("admit"));
            assertThat(ingest.calls).doesNotContain("ingest");
            out.write(body.substring(10).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            assertThat(new String(in.readNBytes(12), StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 202");
        }

        assertThat(ingest.ingested).singleElement()
                .satisfies(request -> assertThat(new String(request.body(), StandardCharsets.UTF_8)).isEqualTo(body));
    }
}
