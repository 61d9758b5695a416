package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.client.ApiJson;
import java.util.List;

/**
 * A source as {@code POST /api/v1/sources} and {@code PUT /api/v1/sources/{id}} take it. A member left null is left
 * out of the request, and the server takes its default for it: a replace is the whole source.
 */
record SourceBody(String id, VerifyBody verify, String idempotencyHeader, EventTypeBody eventType, Integer maxBodyBytes,
                  List<String> redactHeaders, String idempotencyJsonPointer, List<String> forwardHeaders) {

    /** A new source: its id, and the server's defaults for everything else. */
    static SourceBody named(String id) {
        return new SourceBody(id, null, null, null, null, null, null, null);
    }

    /**
     * What keeps {@code source}, as the API shows it, as it is, but for its verification: the server never shows the
     * secret, so whoever sends this decides that.
     */
    static SourceBody shown(JsonNode source) {
        return new SourceBody(ApiJson.text(source, "id"), null, ApiJson.text(source, "idempotency_header"),
                EventTypeBody.shown(source.path("event_type")), source.path("max_body_bytes").asInt(),
                ApiJson.texts(source.path("redact_headers")), ApiJson.text(source, "idempotency_json_pointer"),
                ApiJson.texts(source.path("forward_headers")));
    }

    record VerifyBody(String scheme, String secret, String header, String prefix, String encoding) {
        @Override
        public String toString() {
            return "VerifyBody[scheme=" + scheme + ", secret=" + (secret == null ? "(none)" : "(hidden)") + "]";
        }
    }

    record EventTypeBody(String header, String jsonPointer) {
        /** {@code {"header":…}} or {@code {"json_pointer":…}} as shown, or null for a source whose events have no type. */
        static EventTypeBody shown(JsonNode eventType) {
            return eventType.isObject() ? new EventTypeBody(ApiJson.text(eventType, "header"), ApiJson.text(eventType, "json_pointer"))
                    : null;
        }
    }
}
