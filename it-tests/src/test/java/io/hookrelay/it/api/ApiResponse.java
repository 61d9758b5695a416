package io.hookrelay.it.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpHeaders;
import java.util.Optional;

/** One answer of the server, whole: status, headers and body text. */
public record ApiResponse(int status, HttpHeaders headers, String body) {

    /** The body as JSON; fails the test when it is not JSON. */
    public JsonNode json() {
        try {
            return Json.parse(body);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("HTTP " + status + " answered with something other than JSON: " + body, e);
        }
    }

    public Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    @Override
    public String toString() {
        return "HTTP " + status + " " + (body.length() > 500 ? body.substring(0, 500) + "…" : body);
    }
}
