package io.hookrelay.it.api;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.it.support.ApiClient;
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
 * One request the server must refuse, and how: its status and error code. Paths and bodies may name things
 * that exist only once the server runs, as {@code {name}} placeholders filled in when the request is sent.
 *
 * @param chunked       sent without a {@code Content-Length}, so the server learns the size only by reading
 * @param ownConnection sent on a connection no other request uses, for bodies the server may leave unread
 * @param token         the admin token to send, or none
 */
record BadInput(String method, String path, String body, boolean chunked, boolean ownConnection, Map<String, String> headers,
                Optional<String> token, int status, String code) {
    private static final int SHOWN_BODY_CHARS = 90;

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
        return new BadInput(method, path, body, false, false, Map.of(), Optional.of(RelayServer.ADMIN_TOKEN), 0, "");
    }

    BadInput header(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new BadInput(method, path, body, chunked, ownConnection, more, token, status, code);
    }

    BadInput sentChunked() {
        return new BadInput(method, path, body, true, ownConnection, headers, token, status, code);
    }

    BadInput onItsOwnConnection() {
        return new BadInput(method, path, body, chunked, true, headers, token, status, code);
    }

    BadInput token(Optional<String> other) {
        return new BadInput(method, path, body, chunked, ownConnection, headers, other, status, code);
    }

    /** The refusal expected: an HTTP status and the {@code error} code of the JSON answer. */
    BadInput is(int expectedStatus, String expectedCode) {
        return new BadInput(method, path, body, chunked, ownConnection, headers, token, expectedStatus, expectedCode);
    }

    ApiResponse sendTo(ApiClient api, Map<String, String> placeholders) {
        return sendOn(ownConnection ? api.onConnectionsOfItsOwn() : api, placeholders);
    }

    /** Sent through {@code client} whatever {@link #ownConnection} says, for a test that chooses the connection itself. */
    ApiResponse sendOn(ApiClient client, Map<String, String> placeholders) {
        Map<String, String> allHeaders = new LinkedHashMap<>();
        if (!body.isEmpty()) {
            allHeaders.put("Content-Type", "application/json");
        }
        allHeaders.putAll(headers);
        return client.withToken(token).send(method, fill(path, placeholders), publisher(fill(body, placeholders)), allHeaders);
    }

    private BodyPublisher publisher(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (chunked) {
            return BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes));
        }
        return bytes.length == 0 ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(bytes);
    }

    private static String fill(String text, Map<String, String> placeholders) {
        String filled = text;
        for (Map.Entry<String, String> placeholder : placeholders.entrySet()) {
            filled = filled.replace("{" + placeholder.getKey() + "}", placeholder.getValue());
        }
        return filled;
    }

    /** The test's display name: short enough to read in a report, even for a 70 KiB body. */
    @Override
    public String toString() {
        String shownBody = body.length() <= SHOWN_BODY_CHARS ? body
                : body.substring(0, SHOWN_BODY_CHARS) + "…(" + body.length() + " chars)";
        String shownToken = token.isEmpty() ? " [no token]" : token.get().equals(RelayServer.ADMIN_TOKEN) ? "" : " [wrong token]";
        return method + " " + path + (body.isEmpty() ? "" : " " + shownBody) + (chunked ? " [chunked]" : "")
                + (headers.isEmpty() ? "" : " " + headers.keySet()) + shownToken + " → " + status + " " + code;
    }
}
