package io.hookrelay.cli.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.common.Plurals;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The management API as the command line sees it: one request per command, and every way it can go wrong
 * turned into the exit code and line the user gets. The server answered with an error → exit 1 and its
 * message; the server could not be reached → exit 3.
 *
 * <p>There is no overall request timeout, as with curl: a backup of a large database takes as long as it
 * takes, and Ctrl-C ends a wait nobody wants. Connecting does time out, since nothing is happening yet.
 */
public final class AdminClient {
    public static final int SERVER_ERROR = 1;
    static final int UNREACHABLE = 3;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** An error answer is a short JSON document; more is not worth reading. */
    private static final int LONGEST_ERROR_BYTES = 64 * 1024;
    private static final int CHUNK_BYTES = 64 * 1024;
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(CONNECT_TIMEOUT)
            .build();

    private final URI server;
    private final String token;
    private final Optional<String> tenant;

    /** @param tenant the tenant to act in, sent as {@code Hookrelay-Tenant}; none, and the token's own, or {@code default} */
    AdminClient(URI server, String token, Optional<String> tenant) {
        this.server = Objects.requireNonNull(server, "server");
        this.token = Objects.requireNonNull(token, "token");
        this.tenant = Objects.requireNonNull(tenant, "tenant");
    }

    public ApiAnswer get(ApiPath path) {
        return send(request(path).GET());
    }

    public ApiAnswer delete(ApiPath path) {
        return send(request(path).DELETE());
    }

    /** A POST without a body, for actions such as pause or replay. */
    public ApiAnswer post(ApiPath path) {
        return send(request(path).POST(BodyPublishers.noBody()));
    }

    /** A POST of {@code body} as JSON (a record, see {@link ApiJson}). */
    public ApiAnswer post(ApiPath path, Object body) {
        return send(request(path).header("Content-Type", "application/json").POST(json(body)));
    }

    /** A PUT of {@code body} as JSON, as {@link #post(ApiPath, Object)} sends it. */
    public ApiAnswer put(ApiPath path, Object body) {
        return send(request(path).header("Content-Type", "application/json").PUT(json(body)));
    }

    private static HttpRequest.BodyPublisher json(Object body) {
        try {
            return BodyPublishers.ofString(ApiJson.MAPPER.writeValueAsString(body), StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a request body could not be written as JSON", e);
        }
    }

    private HttpRequest.Builder request(ApiPath path) {
        String base = server.toString().replaceAll("/+$", "");
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "application/json");
        tenant.ifPresent(id -> request.header("Hookrelay-Tenant", id));
        return request;
    }

    /**
     * A GET whose successful answer is a file of {@code mediaType}: its body is written to {@code into} as it
     * arrives, never held whole, and must be as long as the server said it would be.
     *
     * @return how many bytes were written
     * @throws CommandFailedException when the server refused, answered something else, or the download broke off
     */
    public long download(ApiPath path, String mediaType, WritableByteChannel into) {
        HttpResponse<InputStream> response = exchange(request(path).setHeader("Accept", mediaType + ", application/json").GET(),
                BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (response.statusCode() / 100 != 2) {
                throw refusal(response.statusCode(), new String(body.readNBytes(LONGEST_ERROR_BYTES), StandardCharsets.UTF_8));
            }
            String type = response.headers().firstValue("Content-Type").orElse("none");
            if (!type.split(";", 2)[0].strip().equalsIgnoreCase(mediaType)) {
                throw new CommandFailedException(SERVER_ERROR, server + " answered with " + type + " rather than " + mediaType
                        + "; is it a hookrelay server?");
            }
            long received = copy(body, into);
            OptionalLong declared = response.headers().firstValueAsLong("Content-Length");
            if (declared.isPresent() && declared.getAsLong() != received) {
                throw brokenOff(received, "it announced " + declared.getAsLong());
            }
            return received;
        } catch (IOException e) {
            throw brokenOff(0, Reasons.of(e));
        }
    }

    /** Copies {@code body} to {@code into}, telling a download that broke off from a file that cannot be written. */
    private long copy(InputStream body, WritableByteChannel into) {
        byte[] chunk = new byte[CHUNK_BYTES];
        long received = 0;
        while (true) {
            int read;
            try {
                read = body.read(chunk);
            } catch (IOException e) {
                throw brokenOff(received, Reasons.of(e));
            }
            if (read == -1) {
                return received;
            }
            try {
                ByteBuffer buffer = ByteBuffer.wrap(chunk, 0, read);
                while (buffer.hasRemaining()) {
                    into.write(buffer);
                }
            } catch (IOException e) {
                throw new CommandFailedException(SERVER_ERROR, "cannot write the download: " + Reasons.of(e), e);
            }
            received += read;
        }
    }

    private CommandFailedException brokenOff(long received, String reason) {
        return new CommandFailedException(SERVER_ERROR, "the download from " + server + " broke off after "
                + Plurals.count(received, "byte", "bytes") + " (" + reason + ")");
    }

    private ApiAnswer send(HttpRequest.Builder request) {
        HttpResponse<String> response = exchange(request, BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() / 100 != 2) {
            throw refusal(response.statusCode(), response.body());
        }
        return new ApiAnswer(server, response.statusCode(), response.body());
    }

    private <T> HttpResponse<T> exchange(HttpRequest.Builder request, HttpResponse.BodyHandler<T> body) {
        try {
            return HTTP.send(request.build(), body);
        } catch (IOException e) {
            throw new CommandFailedException(UNREACHABLE, "cannot reach " + server + ": " + Reasons.of(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommandFailedException(SERVER_ERROR, "interrupted while waiting for " + server, e);
        }
    }

    /** The server's own {@code {"error","message"}} when it sent one; otherwise something else answered. */
    private CommandFailedException refusal(int status, String body) {
        return ApiAnswer.parse(body)
                .filter(json -> json.path("error").isTextual() && json.path("message").isTextual())
                .map(json -> new CommandFailedException(SERVER_ERROR, message(json)))
                .orElseGet(() -> new CommandFailedException(SERVER_ERROR, server + " answered HTTP " + status
                        + " without a hookrelay error; is it a hookrelay server?"));
    }

    private static String message(JsonNode error) {
        return error.get("message").asText() + " (" + error.get("error").asText() + ")";
    }
}
