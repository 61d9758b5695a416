package io.hookrelay.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.nio.ByteBuffer;

/**
 * Writes the server's JSON answers, including the one error shape every endpoint uses:
 * {@code {"error":"<code>","message":"<human text>"}}.
 */
public final class JsonResponses {
    static final String CONTENT_TYPE = "application/json";

    private JsonResponses() {
    }

    /** The error shape; a record so that its two members keep this order. */
    record ErrorBody(String error, String message) {
    }

    public static void send(HttpServerExchange exchange, int status, Object body) {
        byte[] json = Json.write(body);
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, CONTENT_TYPE);
        exchange.getResponseSender().send(ByteBuffer.wrap(json));
    }

    public static void error(HttpServerExchange exchange, int status, String code, String message) {
        send(exchange, status, new ErrorBody(code, message));
    }

    /** An answer without a body, such as {@code 204 No Content}. */
    public static void empty(HttpServerExchange exchange, int status) {
        exchange.setStatusCode(status);
        exchange.endExchange();
    }
}
