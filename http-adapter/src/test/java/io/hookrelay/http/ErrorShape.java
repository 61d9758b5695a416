package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;

/** The API's one error shape, {@code {"error":"<code>","message":"<human text>"}}, with nothing of a stack trace in it. */
public final class ErrorShape {
    private ErrorShape() {
    }

    public static void assertErrorShape(HttpResponse<String> response, int status, String code) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode error = new ObjectMapper().readTree(response.body());
        assertThat(error.get("error").asText()).isEqualTo(code);
        assertThat(error.get("message").asText()).isNotBlank().doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(error.size()).isEqualTo(2);
    }
}
