package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonResponsesTest {

    @Test
    void keeps_member_order_and_escapes_what_json_requires() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("error", "bad");
        fields.put("message", "quote \" backslash \\ newline \n tab \t bell \u0007 é");

        assertThat(JsonResponses.object(fields)).isEqualTo(
                "{\"error\":\"bad\",\"message\":\"quote \\\" backslash \\\\ newline \\n tab \\t bell \\u0007 é\"}");
    }

    @Test
    void an_empty_object_is_braces() {
        assertThat(JsonResponses.object(Map.of())).isEqualTo("{}");
    }
}
