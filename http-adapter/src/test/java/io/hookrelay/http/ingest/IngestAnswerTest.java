package io.hookrelay.http.ingest;

import static io.hookrelay.http.ErrorShape.assertErrorShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.HttpServer;
import io.hookrelay.http.RecordingIngest;
import io.hookrelay.http.Samples;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.testing.Await;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A webhook is answered once its commit completes, never before, and the wait for the commit holds no request
 * thread: more webhooks than there are request threads can wait for their commits at once.
 */
class IngestAnswerTest {
    private final List<CompletableFuture<IngestResult>> commits = new CopyOnWriteArrayList<>();
    private final RecordingIngest ingest = new RecordingIngest(Map.of("github", Source.DEFAULT_MAX_BODY_BYTES), source -> {
        CompletableFuture<IngestResult> commit = new CompletableFuture<>();
        commits.add(commit);
        return commit;
    });
    private final ApiServer server = new ApiServer(ingest);

    @AfterEach
    void stop() {
        commits.forEach(commit -> commit.completeExceptionally(new IllegalStateException("the test ended")));
        server.close();
    }

    @Test
    void theAnswerWaitsForTheCommit() throws Exception {
        CompletableFuture<HttpResponse<String>> answer = post();
        Await.until("the webhook reached its commit", ApiServer.WAIT, () -> commits.size() == 1);

        assertThat(answer).isNotDone();
        commits.get(0).complete(new IngestResult(Samples.EVENT_ID, 1, false));

        assertThat(answer.get().statusCode()).isEqualTo(202);
        assertThat(answer.get().body()).isEqualTo("{\"event_id\":\"" + Samples.EVENT_ID + "\",\"deliveries\":1}");
    }

    @Test
    void moreWebhooksThanRequestThreadsWaitForTheirCommitsAtOnce() throws Exception {
        int waiting = HttpServer.REQUEST_THREADS + 16;
        List<CompletableFuture<HttpResponse<String>>> answers = IntStream.range(0, waiting).mapToObj(unused -> post()).toList();

        Await.until(waiting + " webhooks waiting for their commits", ApiServer.WAIT, () -> commits.size() == waiting);
        assertThat(server.send("GET", "/healthz", null).statusCode()).isEqualTo(200);
        commits.forEach(commit -> commit.complete(new IngestResult(Samples.EVENT_ID, 1, false)));

        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            assertThat(answer.get().statusCode()).isEqualTo(202);
        }
    }

    @Test
    void aCommitThatFailsIsAnswered503() throws Exception {
        CompletableFuture<HttpResponse<String>> answer = post();
        Await.until("the webhook reached its commit", ApiServer.WAIT, () -> commits.size() == 1);

        commits.get(0).completeExceptionally(new StoreException("disk I/O error", new RuntimeException()));

        assertErrorShape(answer.get(), 503, "unavailable");
        assertThat(answer.get().headers().firstValue("Retry-After")).hasValue("1");
    }

    @Test
    void aRefusalFromTheUseCaseIsAnsweredInTheErrorShape() throws Exception {
        CompletableFuture<HttpResponse<String>> answer = post();
        Await.until("the webhook reached its commit", ApiServer.WAIT, () -> commits.size() == 1);

        commits.get(0).completeExceptionally(new InvalidSignatureException("the signature does not match"));

        assertErrorShape(answer.get(), 401, "invalid_signature");
    }

    private CompletableFuture<HttpResponse<String>> post() {
        return server.client().sendAsync(server.request("/hooks/github").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
