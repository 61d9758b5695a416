package io.hookrelay.http.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.model.Source;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

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
    void findsStringsAndNumbersAsWritten(String pointer, String expected) {
        assertThat(reader.read(bytes(STRIPE), pointer)).hasValue(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/missing", "/data", "/data/object/items", "/data/object/flag", "/data/object/none", "/data/object/items/9/name", "/type/x"})
    void findsNothingWhereThereIsNoStringOrNumber(String pointer) {
        assertThat(reader.read(bytes(STRIPE), pointer)).isEmpty();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {"not json", "{\"type\":", "''", "{\"type\":\"a\"} trailing", "<xml/>"})
    void aBodyThatIsNotJsonHasNoType(String body) {
        assertThat(reader.read(bytes(body), "/type")).isEqualTo(Optional.empty());
    }

    @Test
    void aRepeatedNameCountsWithItsLastValueAsInATree() {
        assertThat(reader.read(bytes("{\"type\":\"first\",\"type\":\"second\"}"), "/type")).hasValue("second");
        assertThat(reader.read(bytes("{\"type\":\"first\",\"type\":{\"a\":1}}"), "/type")).isEmpty();
        assertThat(reader.read(bytes("{\"data\":{\"kind\":\"a\"},\"data\":{\"other\":1}}"), "/data/kind")).isEmpty();
    }

    @Test
    void numbersComeBackExactAndInTheirCanonicalForm() {
        assertThat(reader.read(bytes("{\"n\":-0}"), "/n")).hasValue("0");
        assertThat(reader.read(bytes("{\"n\":1e3}"), "/n")).hasValue("1E+3");
        assertThat(reader.read(bytes("{\"n\":123456789012345678901234567890}"), "/n")).hasValue("123456789012345678901234567890");
        assertThat(reader.read(bytes("{\"n\":1e999999999}"), "/n")).hasValue("1E+999999999");
    }

    /** Jackson skips a string without decoding it, and reads names loosely: neither refused what is no UTF-8. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{\"x\":\"\u00ed\u00a0\u0080\",\"type\":\"t\"}", "{\"\u00ff\":1,\"type\":\"t\"}"})
    void aBodyThatIsNotUtf8ThroughoutHasNoTypeThoughNoPointerReadsThere(String latin1) {
        byte[] body = latin1.getBytes(StandardCharsets.ISO_8859_1);

        assertThat(reader.read(body, "/type")).isEmpty();
        assertThat(reader.values(body, Set.of())).isEmpty();
        assertThat(reader.read(bytes("{\"x\":\"\u00e9\ud83d\ude00\",\"\u00e9\":1,\"type\":\"t\"}"), "/type")).hasValue("t");
    }

    /** Jackson reads such a number only where a pointer finds it, and then throws {@link NumberFormatException}. */
    @Test
    void aNumberNoDecimalCanHoldAtThePointerMeansTheBodyHasNoType() {
        byte[] body = bytes("{\"type\":1e9999999999,\"n\":1e-9999999999}");

        assertThat(reader.read(body, "/type")).isEmpty();
        assertThat(reader.values(body, Set.of("/n"))).isEmpty();
        assertThat(reader.values(body, Set.of("/other"))).hasValue(Map.of());
    }

    @Test
    void theTypeIsFoundBesideNestingWithinTheDepthLimit() {
        int depth = JacksonJsonPointerReader.MAX_NESTING_DEPTH - 1;
        String body = "{\"type\":\"deep\",\"x\":" + "[".repeat(depth) + "]".repeat(depth) + "}";

        assertThat(reader.read(bytes(body), "/type")).hasValue("deep");
    }

    @Test
    void aBodyNestedDeeperThanTheLimitHasNoType() {
        String body = "{\"type\":\"deep\",\"x\":" + "[".repeat(500_000) + "]".repeat(500_000) + "}";

        assertThat(reader.read(bytes(body), "/type")).isEmpty();
    }

    @Test
    void tenMegabytesOfSmallObjectsAreStreamedPastToTheTypeAfterThem() {
        StringBuilder body = new StringBuilder("{\"items\":[{}");
        while (body.length() < Source.LARGEST_MAX_BODY_BYTES - 100) {
            body.append(",{}");
        }
        body.append("],\"type\":\"last\"}");

        assertThat(reader.read(bytes(body.toString()), "/type")).hasValue("last");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {"{\"type\":\"a\"} {\"type\":\"b\"}", "{\"type\":\"a\",\"x\":[1,}", "{\"type\":\"a\"", "\"a\" x"})
    void aTypeFoundInABodyThatIsNotOneWholeDocumentDoesNotCount(String body) {
        assertThat(reader.read(bytes(body), "/type")).isEmpty();
    }

    @Test
    void readsEveryPointerInOnePassIncludingValuesAboveAndBelowEachOther() {
        Optional<Map<String, JsonValue>> found = reader.values(bytes(STRIPE),
                Set.of("/data/object", "/data/object/kind", "/data/object/flag", "/data/object/none", "/data/object/ratio", "/missing",
                        "/data/object/items/0/name", "/data/object/items/7"));

        assertThat(found).hasValue(Map.of(
                "/data/object", JsonValue.Structure.STRUCTURE,
                "/data/object/kind", new JsonValue.Text("card"),
                "/data/object/flag", new JsonValue.Bool(true),
                "/data/object/none", JsonValue.Null.NULL,
                "/data/object/ratio", new JsonValue.Decimal(new BigDecimal("1.50")),
                "/data/object/items/0/name", new JsonValue.Text("first")));
    }

    /** The second {@code a} replaces the first whole, as in a tree: what only the first held below it is gone. */
    @Test
    void aRepeatedNameForgetsWhatItsFirstValueHeld() {
        assertThat(reader.values(bytes("{\"a\":{\"b\":1,\"c\":2},\"a\":{\"c\":3}}"), Set.of("/a/b", "/a/c")))
                .hasValue(Map.of("/a/c", new JsonValue.Decimal(BigDecimal.valueOf(3))));
    }

    @Test
    void aBodyThatIsNotJsonHasNoValuesAtAll() {
        assertThat(reader.values(bytes("type=push"), Set.of("/type"))).isEmpty();
        assertThat(reader.values(bytes("{\"type\":\"push\"} trailing"), Set.of("/type"))).isEmpty();
        assertThat(reader.values(bytes("[]"), Set.of("/type"))).hasValue(Map.of());
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
