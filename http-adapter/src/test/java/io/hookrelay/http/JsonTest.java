package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.error.RelayException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Request JSON is read strictly, and every refusal names the field at fault without echoing its value. */
class JsonTest {

    record Sample(String name, Long count, Boolean flag, List<Long> waits, Nested nested, Double rate) {
    }

    record Nested(String label) {
    }

    @Test
    void readsSnakeCaseMembersIntoARecord() {
        assertThat(read("{\"name\":\"a\",\"count\":5,\"flag\":true,\"waits\":[1,2],\"nested\":{\"label\":\"x\"},\"rate\":2.5}"))
                .isEqualTo(new Sample("a", 5L, true, List.of(1L, 2L), new Nested("x"), 2.5));
    }

    @Test
    void leftOutAndNullMembersAreNull() {
        assertThat(read("{\"name\":null}")).isEqualTo(new Sample(null, null, null, null, null, null));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
            "{\"count\":\"5\"}           | count must be an integer",
            "{\"count\":1.5}             | count must be an integer",
            "{\"count\":5.0}             | count must be an integer",
            "{\"count\":true}            | count must be an integer",
            "{\"count\":\"\"}            | count must be an integer",
            "{\"count\":[5]}             | count must be an integer",
            "{\"name\":5}                | name must be a string",
            "{\"name\":1.5}              | name must be a string",
            "{\"name\":false}            | name must be a string",
            "{\"name\":{}}               | name must be a string",
            "{\"flag\":1}                | flag must be true or false",
            "{\"flag\":\"true\"}         | flag must be true or false",
            "{\"waits\":5}               | waits must be an array",
            "{\"waits\":\"5\"}           | waits must be an array",
            "{\"waits\":[\"5\"]}         | waits[0] must be an integer",
            "{\"waits\":[1,null]}        | waits[1] must not contain null",
            "{\"nested\":\"x\"}          | nested must be an object",
            "{\"rate\":\"5\"}            | rate must be a number",
            "{\"rate\":true}             | rate must be a number",
            "{\"rate\":[5]}              | rate must be a number",
            "{\"rate\":{}}               | rate must be a number",
            "{\"nested\":{\"label\":7}}  | nested.label must be a string",
            "{\"nested\":{\"other\":7}}  | unknown field nested.other",
            "{\"extra\":1}               | unknown field extra",
            "[]                          | the request body must be a single JSON object",
            "{} {}                       | the request body must be a single JSON object",
    })
    void refusesTheWrongShapeNamingTheField(String json, String message) {
        assertThatThrownBy(() -> read(json)).isInstanceOf(InvalidRequestException.class)
                .hasMessage(message)
                .satisfies(e -> assertThat(((RelayException) e).code()).isEqualTo("invalid_request"));
    }

    @Test
    void anIntegerOutOfRangeIsRefused() {
        assertThatThrownBy(() -> read("{\"count\":99999999999999999999}")).isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("count ");
    }

    @Test
    void textThatIsNotJsonIsInvalidJsonWithWhere() {
        assertThatThrownBy(() -> read("{\n \"name\": nope}")).isInstanceOf(InvalidRequestException.class)
                .hasMessage("the request body is not valid JSON (line 2, column 10)")
                .satisfies(e -> assertThat(((RelayException) e).code()).isEqualTo("invalid_json"));
    }

    @Test
    void aRepeatedMemberIsInvalidJson() {
        assertThatThrownBy(() -> read("{\"name\":\"a\",\"name\":\"b\"}"))
                .satisfies(e -> assertThat(((RelayException) e).code()).isEqualTo("invalid_json"));
    }

    @Test
    void aRefusalNeverRepeatsTheValueSent() {
        assertThatThrownBy(() -> read("{\"count\":\"whsec_leaked\"}")).hasMessageNotContaining("whsec_leaked");
        assertThatThrownBy(() -> read("{\"whsec_leaked\":1}")).hasMessage("unknown field whsec_leaked");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a stray byte        | 7b226e616d65223a22ff227d",
            "an overlong slash   | 7b226e616d65223a22c0af227d",
            "an encoded surrogate| 7b226e616d65223a22eda080227d",
            "a cut-off sequence  | 7b226e616d65223a22e282227d",
            "UTF-16 with its BOM | fffe7b0022006e0061006d00650022003a002200610022007d00",
            "UTF-16 without BOM  | 7b0022006e0061006d00650022003a002200610022007d00",
    })
    void bytesThatAreNotUtf8JsonAreInvalidJson(String what, String hex) {
        assertThatThrownBy(() -> Json.read(HexFormat.of().parseHex(hex), Sample.class)).isInstanceOf(InvalidRequestException.class)
                .satisfies(e -> assertThat(((RelayException) e).code()).isEqualTo("invalid_json"));
    }

    @Test
    void aUtf8ByteOrderMarkIsSkipped() {
        byte[] body = HexFormat.of().parseHex("efbbbf7b226e616d65223a2263616ec3a9227d");

        assertThat(Json.read(body, Sample.class).name()).isEqualTo("can\u00e9");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"{\"count\":12abc}", "{\"count\":-}", "{\"name\":\"a\\q\"}", "{\"count\":01}", "{\"flag\":tru}"})
    void textThatIsNotJsonInsideAMemberIsInvalidJson(String json) {
        assertThatThrownBy(() -> read(json)).satisfies(e -> assertThat(((RelayException) e).code()).isEqualTo("invalid_json"));
    }

    @Test
    void aNumberLongerThanJacksonReadsIsRefusedAsBeyondTheLimits() {
        assertThatThrownBy(() -> read("{\"count\":" + "9".repeat(2000) + "}"))
                .hasMessage("the request body has a number, text or nesting longer or deeper than this API reads")
                .satisfies(e -> assertThat(((RelayException) e).code()).isEqualTo("invalid_request"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "[                  | the request body must be a single JSON object",
            "{\"waits\":[      | waits[0] must be an integer",
            "{\"nested\":{\"label\": | nested.label must be a string",
            "{\"name\":{\"a\":  | name must be a string",
    })
    void deepNestingIsRefusedAtTheFirstTokenOfTheWrongShape(String opening, String message) {
        String bomb = opening + "[".repeat(30_000);

        assertThatThrownBy(() -> read(bomb)).isInstanceOf(InvalidRequestException.class).hasMessage(message);
    }

    private static Sample read(String json) {
        return Json.read(json.getBytes(StandardCharsets.UTF_8), Sample.class);
    }
}
