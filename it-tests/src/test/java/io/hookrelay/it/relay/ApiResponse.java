package io.hookrelay.it.relay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpHeaders;

/** One answer of hookrelay's HTTP API, read as JSON on demand. */
record ApiResponse(int status, HttpHeaders headers, String body) {
    private static final ObjectMapper JSON = new ObjectMapper();

    JsonNode json() {
        try {
            return JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON (status " + status + "): " + body, e);
        }
    }

    /** The {@code error} code of an error answer. */
    String error() {
        return json().path("error").asText();
    }

    @Override
    public String toString() {
        return status + " " + body;
    }
}
