package io.hookrelay.cli.listen;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.hookrelay.delivery.signing.StandardWebhooks;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * What {@code hookrelay listen} does with each request: prints a line about it and its body, then answers
 * with the status it was told to. The server runs handlers one at a time on its dispatcher thread, so the
 * lines of two requests never interleave.
 */
final class ListenHandler implements HttpHandler {
    /** Fixed width, so the columns after it line up from one request to the next. */
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final String SEPARATOR = "  ";

    private final PrintWriter out;
    private final Optional<String> key;
    private final int status;
    private final Clock clock;

    /** @param key the target's whsec_ secret or whpk_ public key, to check signatures with */
    ListenHandler(PrintWriter out, Optional<String> key, int status, Clock clock) {
        this.out = Objects.requireNonNull(out, "out");
        this.key = Objects.requireNonNull(key, "key");
        this.status = status;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try {
            byte[] body = exchange.getRequestBody().readAllBytes();
            out.println(summary(exchange, body, clock.instant()));
            BodyPreview.lines(body).forEach(out::println);
            out.println();
            out.flush();
            answer(exchange);
        } finally {
            exchange.close();
        }
    }

    private String summary(HttpExchange exchange, byte[] body, Instant now) {
        Headers headers = exchange.getRequestHeaders();
        StringJoiner line = new StringJoiner(SEPARATOR);
        line.add(TIME.format(now));
        line.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
        addIfPresent(line, headers, StandardWebhooks.ID_HEADER, "webhook-id");
        addIfPresent(line, headers, "x-hookrelay-attempt", "attempt");
        addIfPresent(line, headers, "x-hookrelay-event-type", "event-type");
        line.add("signature: " + SignatureVerdicts.of(key, headers, body, now));
        return BodyPreview.visible(line.toString());
    }

    private static void addIfPresent(StringJoiner line, Headers headers, String header, String label) {
        Optional.ofNullable(headers.getFirst(header)).ifPresent(value -> line.add(label + ": " + value));
    }

    /** A short text body, except where HTTP allows none. */
    private void answer(HttpExchange exchange) throws IOException {
        boolean bodyless = status == 204 || status == 304 || exchange.getRequestMethod().equals("HEAD");
        if (bodyless) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        byte[] text = ("hookrelay listen answered " + status + "\n").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("content-type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, text.length);
        try (OutputStream response = exchange.getResponseBody()) {
            response.write(text);
        }
    }
}
