package io.hookrelay.it.api;

import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.RelayServer;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One request the server must refuse, and how: its status and error code. Paths, bodies and header values may
 * name things that exist only once the server runs, as {@code {name}} placeholders filled in when the request
 * is sent.
 *
 * @param bytes         the body as bytes, which need not be UTF-8; {@link #body} is its text as UTF-8
 * @param chunked       sent without a {@code Content-Length}, so the server learns the size only by reading
 * @param ownConnection sent on a connection no other request uses, for bodies the server may leave unread
 * @param contentType   the {@code Content-Type} sent, or empty text for none; a body is JSON unless said otherwise
 * @param token         the admin token to send, or none
 */
record BadInput(String method, String path, byte[] bytes, boolean chunked, boolean ownConnection, String contentType,
                Map<String, String> headers, Optional<String> token, int status, String code) {
    static final String JSON = "application/json";
    private static final int SHOWN_BODY_CHARS = 90;
    private static final int SHOWN_HEADER_NAMES = 4;

    BadInput {
        headers = Map.copyOf(headers);
    }

    static BadInput get(String path) {
        return request("GET", path, "");
    }

    static BadInput delete(String path) {
        return request("DELETE", path, "");
    }

    static BadInput post(String path, String body) {
        return request("POST", path, body);
    }

    static BadInput put(String path, String body) {
        return request("PUT", path, body);
    }

    static BadInput request(String method, String path, String body) {
        return withBytes(method, path, body.getBytes(StandardCharsets.UTF_8));
    }

    /** A request whose body is these bytes exactly, for bodies that are not UTF-8 text. */
    static BadInput withBytes(String method, String path, byte[] bytes) {
        return new BadInput(method, path, bytes, false, false, bytes.length == 0 ? "" : JSON, Map.of(),
                Optional.of(RelayServer.ADMIN_TOKEN), 0, "");
    }

    String body() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    BadInput header(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new BadInput(method, path, bytes, chunked, ownConnection, contentType, more, token, status, code);
    }

    /** {@code count} more headers, {@code X-Flood-0: 0} and on. */
    BadInput flood(int count) {
        BadInput flooded = this;
        for (int i = 0; i < count; i++) {
            flooded = flooded.header("X-Flood-" + i, Integer.toString(i));
        }
        return flooded;
    }

    BadInput contentType(String other) {
        return new BadInput(method, path, bytes, chunked, ownConnection, other, headers, token, status, code);
    }

    BadInput sentChunked() {
        return new BadInput(method, path, bytes, true, ownConnection, contentType, headers, token, status, code);
    }

    BadInput onItsOwnConnection() {
        return new BadInput(method, path, bytes, chunked, true, contentType, headers, token, status, code);
    }

    BadInput token(Optional<String> other) {
        return new BadInput(method, path, bytes, chunked, ownConnection, contentType, headers, other, status, code);
    }

    /** The refusal expected: an HTTP status and the {@code error} code of the JSON answer. */
    BadInput is(int expectedStatus, String expectedCode) {
        return new BadInput(method, path, bytes, chunked, ownConnection, contentType, headers, token, expectedStatus, expectedCode);
    }

    ApiResponse sendTo(ServerApi api, Map<String, String> placeholders) {
        return sendOn(ownConnection ? api.onConnectionsOfItsOwn() : api, placeholders);
    }

    /** Sent through {@code api} whatever {@link #ownConnection} says, for a test that chooses the connection itself. */
    ApiResponse sendOn(ServerApi api, Map<String, String> placeholders) {
        Map<String, String> allHeaders = new LinkedHashMap<>();
        if (!contentType.isEmpty()) {
            allHeaders.put("Content-Type", contentType);
        }
        headers.forEach((name, value) -> allHeaders.put(name, fill(value, placeholders)));
        return api.send(token, method, fill(path, placeholders), publisher(fill(body(), placeholders)), allHeaders);
    }

    private BodyPublisher publisher(String filledBody) {
        byte[] sent = filledBody.equals(body()) ? bytes : filledBody.getBytes(StandardCharsets.UTF_8);
        if (chunked) {
            return BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(sent));
        }
        return sent.length == 0 ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(sent);
    }

    static String fill(String text, Map<String, String> placeholders) {
        String filled = text;
        for (Map.Entry<String, String> placeholder : placeholders.entrySet()) {
            filled = filled.replace("{" + placeholder.getKey() + "}", placeholder.getValue());
        }
        return filled;
    }

    /** The test's display name: short enough to read in a report, even for a 70 KiB body or a flood of headers. */
    @Override
    public String toString() {
        String text = body();
        String shownBody = text.length() <= SHOWN_BODY_CHARS ? text : text.substring(0, SHOWN_BODY_CHARS) + "…(" + bytes.length + " bytes)";
        String shownType = contentType.equals(bytes.length == 0 ? "" : JSON) ? "" : " [content-type: " + contentType + "]";
        String shownHeaders = headers.isEmpty() ? "" : headers.size() <= SHOWN_HEADER_NAMES ? " " + headers.keySet() : " [" + headers.size() + " headers]";
        String shownToken = token.isEmpty() ? " [no token]" : token.get().equals(RelayServer.ADMIN_TOKEN) ? "" : " [wrong token]";
        return method + " " + shortened(path) + (text.isEmpty() ? "" : " " + shownBody) + (chunked ? " [chunked]" : "") + shownType
                + shownHeaders + shownToken + " → " + status + " " + code;
    }

    private static String shortened(String path) {
        return path.length() <= SHOWN_BODY_CHARS ? path : path.substring(0, SHOWN_BODY_CHARS) + "…(" + path.length() + " chars)";
    }
}
