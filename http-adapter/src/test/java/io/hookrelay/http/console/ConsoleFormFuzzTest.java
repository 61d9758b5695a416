package io.hookrelay.http.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.hookrelay.delivery.error.InvalidRequestException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The console's sign-in and sign-out forms as anyone may post them: a form is refused as not well-formed, or its
 * fields are named, and written again as a browser would write them they read back the same.
 */
class ConsoleFormFuzzTest {

    @FuzzTest(maxDuration = "3m")
    void aFormIsRefusedOrItsFieldsReadBackAsABrowserWritesThem(byte[] body) {
        Map<String, String> fields;
        try {
            fields = ConsoleForm.fields(body);
        } catch (InvalidRequestException refused) {
            assertThat(refused).hasMessage("the form is not well-formed");
            return;
        }

        assertThat(fields.keySet()).noneMatch(String::isEmpty);
        String written = fields.entrySet().stream()
                .map(field -> encoded(field.getKey()) + "=" + encoded(field.getValue()))
                .collect(Collectors.joining("&"));
        assertThat(ConsoleForm.fields(written.getBytes(StandardCharsets.UTF_8))).isEqualTo(fields);
    }

    private static String encoded(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
