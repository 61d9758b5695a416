package io.hookrelay.it.api;

import io.hookrelay.it.support.ApiResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The API of a hookrelay child process ({@link io.hookrelay.it.support.HookrelayProcess}) through a plain JDK
 * client, as {@code ServerProcessIT} talks to it: {@link io.hookrelay.it.support.ApiClient} only reaches the
 * in-process server.
 */
final class ProcessApi implements ServerApi {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final URI base;

    ProcessApi(int port) {
        this.base = URI.create("http://127.0.0.1:" + port);
    }

    URI base() {
        return base;
    }

    @Override
    public ApiResponse send(Optional<String> token, String method, String path, BodyPublisher body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT).method(method, body);
        token.ifPresent(value -> request.header("Authorization", "Bearer " + value));
        headers.forEach(request::header);
        try {
            var response = http.send(request.build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new ApiResponse(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for hookrelay", e);
        }
    }

    @Override
    public ServerApi onConnectionsOfItsOwn() {
        return new ProcessApi(base.getPort());
    }
}
