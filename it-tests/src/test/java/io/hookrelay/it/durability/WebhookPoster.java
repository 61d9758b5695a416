package io.hookrelay.it.durability;

import io.hookrelay.it.support.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A webhook provider posting to {@code /hooks/{source}} of whichever server it is pointed at. Failing to get
 * an answer at all is an {@link IOException}, not an error of the test: against a server that is killed at
 * random, some posts are in flight when it dies, and the provider never learns whether they were stored.
 */
final class WebhookPoster {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    /** What the server answered; {@code eventId} is present when it acknowledged the event with a 202. */
    record Answer(int status, Optional<String> eventId, String body) {
        Answer {
            Objects.requireNonNull(eventId, "eventId");
            Objects.requireNonNull(body, "body");
        }

        boolean acknowledged() {
            return eventId.isPresent();
        }
    }

    Answer post(URI server, String source, byte[] body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(server.resolve("/hooks/" + source))
                .timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        Optional<String> eventId = response.statusCode() == 202
                ? Optional.of(Json.parse(response.body()).path("event_id").asText())
                : Optional.empty();
        return new Answer(response.statusCode(), eventId, response.body());
    }
}
