package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JacksonJsonPointerReaderTest {
    private static final String STRIPE = "{\"id\":\"evt_1\",\"type\":\"invoice.paid\",\"data\":{\"object\":{\"kind\":\"card\","
            + "\"code\":42,\"ratio\":1.50,\"items\":[{\"name\":\"first\"}],\"flag\":true,\"none\":null,\"a/b\":\"slash\",\"m~n\":\"tilde\"}}}";

    private final JacksonJsonPointerReader reader = new JacksonJsonPointerReader();

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource({
            "/type, invoice.paid",
            "/data/object/kind, card",
            "/data/object/items/0/name, first",
            "/data/object/code, 42",
            "/data/object/ratio, 1.50",
            "/data/object/a~1b, slash",
            "/data/object/m~0n, tilde",
    })
    void finds_strings_and_numbers_as_written(String pointer, String expected) {
        assertThat(reader.read(bytes(STRIPE), pointer)).hasValue(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/missing", "/data", "/data/object/items", "/data/object/flag", "/data/object/none", "/data/object/items/9/name", "/type/x"})
    void finds_nothing_where_there_is_no_string_or_number(String pointer) {
        assertThat(reader.read(bytes(STRIPE), pointer)).isEmpty();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {"not json", "{\"type\":", "''", "{\"type\":\"a\"} trailing", "<xml/>"})
    void a_body_that_is_not_json_has_no_type(String body) {
        assertThat(reader.read(bytes(body), "/type")).isEqualTo(Optional.empty());
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
