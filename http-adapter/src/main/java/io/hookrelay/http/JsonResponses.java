package io.hookrelay.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the API's JSON answers, including the one error shape every endpoint uses:
 * {@code {"error":"<code>","message":"<human text>"}}.
 */
final class JsonResponses {
    static final String CONTENT_TYPE = "application/json";

    private JsonResponses() {
    }

    static void send(HttpServerExchange exchange, int status, Map<String, String> fields) {
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, CONTENT_TYPE);
        exchange.getResponseSender().send(object(fields));
    }

    static void error(HttpServerExchange exchange, int status, String code, String message) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("error", code);
        fields.put("message", message);
        send(exchange, status, fields);
    }

    /** A flat object of string members, in the map's order. */
    static String object(Map<String, String> fields) {
        StringBuilder json = new StringBuilder("{");
        fields.forEach((name, value) -> {
            if (json.length() > 1) {
                json.append(',');
            }
            appendString(json, name);
            json.append(':');
            appendString(json, value);
        });
        return json.append('}').toString();
    }

    private static void appendString(StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }
}
