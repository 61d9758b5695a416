package io.hookrelay.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The management API and the ingest endpoint as any HTTP client sees them: JDK {@link HttpClient}, the admin
 * token as {@code Authorization: Bearer}, answers kept whole for the test to judge. Failures to talk to the
 * server at all are unchecked, so calls fit in {@code Await} conditions.
 */
public final class ApiClient {
    private static final HttpClient SHARED = newHttpClient();
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http;
    private final URI base;
    private final Optional<String> token;
    /** Sent with every request: the tenant it acts in, if one was picked. */
    private final Map<String, String> everyRequest;

    /** A client of the hookrelay at {@code base}, in this JVM or a child process; {@code token} is the admin token, if any. */
    public ApiClient(URI base, Optional<String> token) {
        this(SHARED, base, token, Map.of());
    }

    private ApiClient(HttpClient http, URI base, Optional<String> token, Map<String, String> everyRequest) {
        this.http = http;
        this.base = Objects.requireNonNull(base, "base");
        this.token = Objects.requireNonNull(token, "token");
        this.everyRequest = Map.copyOf(everyRequest);
    }

    /** The same server with another token, or none. */
    public ApiClient withToken(Optional<String> otherToken) {
        return new ApiClient(http, base, otherToken, everyRequest);
    }

    /** The same server and token, every request acting in {@code tenant}: {@code Hookrelay-Tenant}, as the operator picks one. */
    public ApiClient inTenant(String tenant) {
        return new ApiClient(http, base, token, Map.of("Hookrelay-Tenant", tenant));
    }

    /**
     * The same server through connections no other client shares, so that what one request does to its
     * connection cannot reach another test's requests.
     */
    public ApiClient onConnectionsOfItsOwn() {
        return new ApiClient(newHttpClient(), base, token, everyRequest);
    }

    public ApiResponse get(String path) {
        return send("GET", path, BodyPublishers.noBody(), Map.of());
    }

    /** Several GETs at once, answers in the order of {@code paths}. */
    public List<ApiResponse> getAll(List<String> paths) {
        List<CompletableFuture<HttpResponse<String>>> answers = paths.stream()
                .map(path -> http.sendAsync(request(path, Map.of()).GET().build(), BodyHandlers.ofString(StandardCharsets.UTF_8)))
                .toList();
        try {
            return answers.stream().map(CompletableFuture::join)
                    .map(response -> new ApiResponse(response.statusCode(), response.headers(), response.body()))
                    .toList();
        } catch (CompletionException e) {
            throw e.getCause() instanceof IOException io ? new UncheckedIOException(io) : e;
        }
    }

    public ApiResponse delete(String path) {
        return send("DELETE", path, BodyPublishers.noBody(), Map.of());
    }

    /** A POST without a body, as the actions (pause, replay, …) take. */
    public ApiResponse post(String path) {
        return send("POST", path, BodyPublishers.noBody(), Map.of());
    }

    public ApiResponse post(String path, String json) {
        return send("POST", path, utf8(json), Map.of("Content-Type", "application/json"));
    }

    public ApiResponse put(String path, String json) {
        return send("PUT", path, utf8(json), Map.of("Content-Type", "application/json"));
    }

    /** {@code POST /hooks/{source}}, as a webhook provider sends it. */
    public ApiResponse ingest(String source, String contentType, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder request = request("/hooks/" + source, headers)
                .header("Content-Type", contentType)
                .POST(BodyPublishers.ofByteArray(body));
        return send(request);
    }

    /** Any request at all; {@code path} may carry a query and is sent as written. */
    public ApiResponse send(String method, String path, BodyPublisher body, Map<String, String> headers) {
        return send(request(path, headers).method(method, body));
    }

    private HttpRequest.Builder request(String path, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT);
        token.ifPresent(value -> request.header("Authorization", "Bearer " + value));
        everyRequest.forEach(request::header);
        headers.forEach(request::header);
        return request;
    }

    private ApiResponse send(HttpRequest.Builder request) {
        try {
            var response = http.send(request.build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new ApiResponse(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the server", e);
        }
    }

    private static HttpClient newHttpClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    private static BodyPublisher utf8(String json) {
        return BodyPublishers.ofString(json, StandardCharsets.UTF_8);
    }
}
