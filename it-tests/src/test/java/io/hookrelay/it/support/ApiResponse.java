package io.hookrelay.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpHeaders;
import java.util.Optional;

/** One answer of the server, whole: status, headers and body text. */
public record ApiResponse(int status, HttpHeaders headers, String body) {
    private static final int SHOWN_BODY_CHARS = 500;

    /** The body as JSON; fails the test when it is not JSON. */
    public JsonNode json() {
        try {
            return Json.parse(body);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("HTTP " + status + " answered with something other than JSON: " + body, e);
        }
    }

    /** The body as JSON, after failing the test unless the answer has {@code expectedStatus}. */
    public JsonNode expect(int expectedStatus) {
        assertThat(status).as("answer: %s", this).isEqualTo(expectedStatus);
        return json();
    }

    /** The {@code error} code of an error answer. */
    public String error() {
        return json().path("error").asText();
    }

    public Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    @Override
    public String toString() {
        return "HTTP " + status + " " + (body.length() > SHOWN_BODY_CHARS ? body.substring(0, SHOWN_BODY_CHARS) + "…" : body);
    }
}
