package io.hookrelay.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.assertj.core.api.SoftAssertions;

/**
 * A real HTTP server on a loopback port that stands in for hookrelay's management API: it records what
 * each request carried and answers every request with the canned answer of the test. One serves a whole
 * test class, since stopping one takes a second.
 */
public final class FakeApi implements AutoCloseable {
    /** What the server received; {@code target} is the raw path and query, as encoded on the wire. */
    /** @param tenant the {@code Hookrelay-Tenant} header, null when the request has none */
    public record Request(String method, String target, String authorization, String tenant, String contentType, String body) {
    }

    private final HttpServer server;
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile int status = 200;
    private volatile String contentType = "application/json";
    private volatile byte[] answer = "{}".getBytes(StandardCharsets.UTF_8);


    private FakeApi(HttpServer server) {
        this.server = server;
    }

    public static FakeApi start() throws IOException {
        FakeApi api = new FakeApi(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
        api.server.createContext("/", api::handle);
        api.server.start();
        return api;
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Forgets the requests and the canned answer of the test before. */
    public void reset() {
        requests.clear();
        answers(200, "{}");
    }

    /** Every following request gets this status and body; 204 is sent without a body. */
    public FakeApi answers(int status, String body) {
        return answers(status, "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    /** Every following request gets this status, content type and body. */
    public FakeApi answers(int status, String contentType, byte[] body) {
        this.status = status;
        this.contentType = contentType;
        this.answer = body.clone();
        return this;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /**
     * Asserts that exactly one request arrived, with this method and raw path/query, the test's admin token,
     * and this JSON body ({@code null}: no body and no content type).
     */
    public void assertOnlyRequest(String method, String target, String jsonBody) {
        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(requests).hasSize(1);
            if (requests.size() == 1) {
                assertRequest(softly, requests.get(0), method, target, jsonBody);
            }
        });
    }

    /** Asserts that a GET of {@code target} came, then a PUT of this JSON body to it, and nothing else: an update. */
    public void assertGetThenPut(String target, String jsonBody) {
        SoftAssertions.assertSoftly(softly -> {
            softly.assertThat(requests).hasSize(2);
            if (requests.size() == 2) {
                assertRequest(softly, requests.get(0), "GET", target, null);
                assertRequest(softly, requests.get(1), "PUT", target, jsonBody);
            }
        });
    }

    private static void assertRequest(SoftAssertions softly, Request request, String method, String target, String jsonBody) {
        softly.assertThat(request.method()).as("method").isEqualTo(method);
        softly.assertThat(request.target()).as("path and query").isEqualTo(target);
        softly.assertThat(request.authorization()).as("Authorization").isEqualTo("Bearer " + Cli.TOKEN);
        if (jsonBody == null) {
            softly.assertThat(request.contentType()).as("Content-Type").isNull();
            softly.assertThat(request.body()).as("body").isEmpty();
        } else {
            softly.assertThat(request.contentType()).as("Content-Type").isEqualTo("application/json");
            softly.assertThat(Cli.json(request.body())).as("body").isEqualTo(Cli.json(jsonBody));
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String query = exchange.getRequestURI().getRawQuery();
            requests.add(new Request(exchange.getRequestMethod(),
                    exchange.getRequestURI().getRawPath() + (query == null ? "" : "?" + query),
                    exchange.getRequestHeaders().getFirst("Authorization"), exchange.getRequestHeaders().getFirst("Hookrelay-Tenant"),
                    exchange.getRequestHeaders().getFirst("Content-Type"), body));
            if (status == 204) {
                exchange.sendResponseHeaders(204, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", contentType);
            exchange.sendResponseHeaders(status, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
