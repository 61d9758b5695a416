package io.hookrelay.http;

import io.hookrelay.delivery.usecase.IngestWebhook;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.UnaryOperator;

/** A real server on a free loopback port with the API over the given operations, and a client for it. */
final class ApiServer implements AutoCloseable {
    static final String TOKEN = "test-admin-token-0123456789";
    static final Duration WAIT = Duration.ofSeconds(10);

    final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final HttpServer server;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(WAIT).build();

    ApiServer(ApiOperations operations) {
        this(operations, RecordingIngest.none());
    }

    ApiServer(ApiOperations operations, IngestWebhook ingest) {
        this(operations, ingest, routes -> routes);
    }

    ApiServer(ApiOperations operations, UnaryOperator<ApiRoutes> adjust) {
        this(operations, RecordingIngest.none(), adjust);
    }

    /** @param adjust changes the routes before the server starts, such as the console's clock */
    ApiServer(ApiOperations operations, IngestWebhook ingest, UnaryOperator<ApiRoutes> adjust) {
        server = new HttpServer(HttpServerSettings.of("127.0.0.1", 0), () -> Readiness.READY, registry,
                adjust.apply(new ApiRoutes(new AdminToken(TOKEN), ingest, operations)));
        server.start();
    }

    int port() {
        return server.address().getPort();
    }

    /** A request with the admin token and, when it has a body, {@code Content-Type: application/json}. */
    HttpResponse<String> send(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder request = request(path).header("Authorization", "Bearer " + TOKEN);
        if (body != null) {
            request.header("Content-Type", JsonContentType.JSON);
        }
        return send(request, method, body);
    }

    HttpResponse<String> send(HttpRequest.Builder request, String method, String body) throws IOException, InterruptedException {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8);
        return client.send(request.method(method, publisher).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    HttpClient client() {
        return client;
    }

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path)).timeout(WAIT);
    }

    /**
     * Sends only the head of a request that announces a body, asking with {@code Expect: 100-continue} to be
     * told before sending it, and reads the status line: what a careful client sees of a refusal that comes
     * before its body is wanted.
     */
    String statusLineForHeadOnly(String method, String path, long contentLength, String extraHeaders) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port())) {
            socket.setSoTimeout((int) WAIT.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write((method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: " + contentLength + "\r\n"
                    + extraHeaders + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\r'; c = in.read()) {
                line.append((char) c);
            }
            return line.toString();
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
