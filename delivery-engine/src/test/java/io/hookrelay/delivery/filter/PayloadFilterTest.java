package io.hookrelay.delivery.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PayloadFilterTest {
    private static final JsonValue PAID = new JsonValue.Text("paid");
    private static final JsonValue ONE_HALF = new JsonValue.Decimal(new BigDecimal("0.50"));

    private static boolean holds(PayloadFilter.Condition condition, Optional<JsonValue> found) {
        return new PayloadFilter("/x", condition).holds(Optional.of(found.map(value -> Map.of("/x", value)).orElse(Map.of())));
    }

    static Stream<Arguments> conditions() {
        PayloadFilter.Condition equalsPaid = new PayloadFilter.Equals(PAID);
        PayloadFilter.Condition equalsHalf = new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("0.5")));
        PayloadFilter.Condition equalsNull = new PayloadFilter.Equals(JsonValue.Null.NULL);
        PayloadFilter.Condition in = new PayloadFilter.OneOf(List.of(PAID, new JsonValue.Bool(true)));
        PayloadFilter.Condition exists = new PayloadFilter.Exists(true);
        PayloadFilter.Condition absent = new PayloadFilter.Exists(false);
        PayloadFilter.Condition prefix = new PayloadFilter.Prefix("invoice.");
        Optional<JsonValue> none = Optional.empty();
        return Stream.of(
                Arguments.of(equalsPaid, Optional.of(PAID), true),
                Arguments.of(equalsPaid, Optional.of(new JsonValue.Text("Paid")), false),
                Arguments.of(equalsPaid, none, false),
                Arguments.of(equalsPaid, Optional.of(JsonValue.Structure.STRUCTURE), false),
                Arguments.of(equalsHalf, Optional.of(ONE_HALF), true),
                Arguments.of(equalsHalf, Optional.of(new JsonValue.Text("0.5")), false),
                Arguments.of(equalsNull, Optional.of(JsonValue.Null.NULL), true),
                Arguments.of(equalsNull, none, false),
                Arguments.of(in, Optional.of(new JsonValue.Bool(true)), true),
                Arguments.of(in, Optional.of(new JsonValue.Bool(false)), false),
                Arguments.of(exists, Optional.of(JsonValue.Null.NULL), true),
                Arguments.of(exists, Optional.of(JsonValue.Structure.STRUCTURE), true),
                Arguments.of(exists, none, false),
                Arguments.of(absent, none, true),
                Arguments.of(absent, Optional.of(PAID), false),
                Arguments.of(prefix, Optional.of(new JsonValue.Text("invoice.paid")), true),
                Arguments.of(prefix, Optional.of(new JsonValue.Text("invoice")), false),
                Arguments.of(prefix, Optional.of(new JsonValue.Decimal(BigDecimal.TEN)), false));
    }

    @ParameterizedTest(name = "{0} on {1}: {2}")
    @MethodSource("conditions")
    void holdsOnlyForTheValuesItDescribes(PayloadFilter.Condition condition, Optional<JsonValue> found, boolean holds) {
        assertThat(holds(condition, found)).isEqualTo(holds);
    }

    @Test
    void aBodyThatIsNotJsonMeetsNoFilterNotEvenAbsence() {
        assertThat(new PayloadFilter("/x", new PayloadFilter.Exists(false)).holds(Optional.empty())).isFalse();
    }

    @Test
    void refusesConditionsThatCouldNeverBeMet() {
        assertThatThrownBy(() -> new PayloadFilter("x", new PayloadFilter.Exists(true))).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("pointer");
        assertThatThrownBy(() -> new PayloadFilter.Equals(JsonValue.Structure.STRUCTURE)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> new PayloadFilter.OneOf(List.of())).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> new PayloadFilter.Prefix("")).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> new PayloadFilter.Equals(new JsonValue.Text("x".repeat(1025)))).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> PayloadFilter.Condition.of("matches", List.of(PAID))).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> PayloadFilter.Condition.of("exists", List.of(PAID))).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("true or false");
        assertThatThrownBy(() -> PayloadFilter.Condition.of("prefix", List.of(new JsonValue.Bool(true))))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("a string");
    }

    /** One value, one form: what the API shows back, and what makes two routes the same, is the number's plain form. */
    @Test
    void keepsNumbersInOneFormAndInValuesAsASet() {
        assertThat(new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1E+2"))).value())
                .isEqualTo(new JsonValue.Decimal(new BigDecimal("100")));
        assertThat(new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1.50"))).value())
                .isEqualTo(new JsonValue.Decimal(new BigDecimal("1.5")));
        assertThat(new PayloadFilter.OneOf(List.of(new JsonValue.Text("b"), new JsonValue.Text("a"), new JsonValue.Text("b"),
                new JsonValue.Decimal(BigDecimal.ONE), new JsonValue.Decimal(new BigDecimal("1.0")))))
                .isEqualTo(new PayloadFilter.OneOf(List.of(new JsonValue.Decimal(BigDecimal.ONE), new JsonValue.Text("a"),
                        new JsonValue.Text("b"))));
    }

    @Test
    void refusesValuesNoStoreKeepsAsTheyAre() {
        assertThatThrownBy(() -> new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1E+2147483647"))))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("before the point");
        assertThatThrownBy(() -> new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1E+100"))))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("before the point");
        assertThatThrownBy(() -> new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1E-101"))))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("after it");
        assertThat(new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("0E-2000"))).value()).isEqualTo(new JsonValue.Decimal(BigDecimal.ZERO));
        assertThat(new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1E-100"))).value())
                .as("100 digits after the point").isEqualTo(new JsonValue.Decimal(new BigDecimal("0." + "0".repeat(99) + "1")));
        assertThat(new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("9.5E+99"))).value())
                .as("100 digits before the point").isEqualTo(new JsonValue.Decimal(new BigDecimal("95" + "0".repeat(98))));
        assertThatThrownBy(() -> new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1".repeat(101)))))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("digits");
        assertThatThrownBy(() -> new PayloadFilter.Equals(new JsonValue.Text("a\u0000b"))).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> new PayloadFilter.Prefix("\ud800")).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> new PayloadFilter("/a\u0000", new PayloadFilter.Exists(true))).isInstanceOf(InvalidRequestException.class);
        assertThat(new PayloadFilter.Equals(new JsonValue.Text("party \uD83C\uDF89")).value()).isEqualTo(new JsonValue.Text("party \uD83C\uDF89"));
    }
}
