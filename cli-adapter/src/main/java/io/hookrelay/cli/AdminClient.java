package io.hookrelay.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * The management API as the command line sees it: one request per command, and every way it can go wrong
 * turned into the exit code and line the user gets. The server answered with an error → exit 1 and its
 * message; the server could not be reached → exit 3.
 *
 * <p>There is no overall request timeout, as with curl: a backup of a large database takes as long as it
 * takes, and Ctrl-C ends a wait nobody wants. Connecting does time out, since nothing is happening yet.
 */
final class AdminClient {
    static final int SERVER_ERROR = 1;
    static final int UNREACHABLE = 3;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(CONNECT_TIMEOUT)
            .build();

    private final URI server;
    private final String token;

    AdminClient(URI server, String token) {
        this.server = Objects.requireNonNull(server, "server");
        this.token = Objects.requireNonNull(token, "token");
    }

    ApiAnswer get(ApiPath path) {
        return send(request(path).GET());
    }

    ApiAnswer delete(ApiPath path) {
        return send(request(path).DELETE());
    }

    /** A POST without a body, for actions such as pause or replay. */
    ApiAnswer post(ApiPath path) {
        return send(request(path).POST(BodyPublishers.noBody()));
    }

    /** A POST of {@code body} as JSON (a record, see {@link ApiJson}). */
    ApiAnswer post(ApiPath path, Object body) {
        String json;
        try {
            json = ApiJson.MAPPER.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a request body could not be written as JSON", e);
        }
        return send(request(path).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(json, StandardCharsets.UTF_8)));
    }

    private HttpRequest.Builder request(ApiPath path) {
        String base = server.toString().replaceAll("/+$", "");
        return HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json");
    }

    private ApiAnswer send(HttpRequest.Builder request) {
        HttpResponse<String> response;
        try {
            response = HTTP.send(request.build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CommandFailedException(UNREACHABLE, "cannot reach " + server + ": " + Reasons.of(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommandFailedException(SERVER_ERROR, "interrupted while waiting for " + server, e);
        }
        if (response.statusCode() / 100 != 2) {
            throw refusal(response);
        }
        return new ApiAnswer(server, response.statusCode(), response.body());
    }

    /** The server's own {@code {"error","message"}} when it sent one; otherwise something else answered. */
    private CommandFailedException refusal(HttpResponse<String> response) {
        return ApiAnswer.parse(response.body())
                .filter(json -> json.path("error").isTextual() && json.path("message").isTextual())
                .map(json -> new CommandFailedException(SERVER_ERROR, message(json)))
                .orElseGet(() -> new CommandFailedException(SERVER_ERROR, server + " answered HTTP " + response.statusCode()
                        + " without a hookrelay error; is it a hookrelay server?"));
    }

    private static String message(JsonNode error) {
        return error.get("message").asText() + " (" + error.get("error").asText() + ")";
    }
}
