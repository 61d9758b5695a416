package io.hookrelay.delivery.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.hookrelay.delivery.error.InvalidRequestException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A route's payload filters as a client may write them: a filter is refused with a reason, or it is stored as text
 * that reads back as the same filter, and the values it names meet it.
 *
 * <p>An input is the pointer, the condition's name, then one operand a line: {@code s} and a string, {@code n} and a
 * number, {@code t}, {@code f}, {@code z} (null) or {@code o} (an object or array), as the API reads them from JSON.
 * A backslash, {@code u} and four hex digits stand for that character, as in a JSON string: that is how a NUL or a
 * lone surrogate gets into a pointer or a string.
 */
class PayloadFilterFuzzTest {
    private static final Pattern UNICODE_ESCAPE = Pattern.compile("\\\\u([0-9a-fA-F]{4})");

    @FuzzTest(maxDuration = "3m")
    void aFilterIsRefusedWithAReasonOrReadsBackFromItsTextAndMeetsItsOwnValues(byte[] input) {
        String[] lines = UNICODE_ESCAPE.matcher(new String(input, StandardCharsets.UTF_8))
                .replaceAll(escape -> Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(escape.group(1), 16))))
                .split("\n", -1);
        if (lines.length < 2) {
            return;
        }
        List<JsonValue> operands = new ArrayList<>();
        for (int i = 2; i < lines.length; i++) {
            Optional<JsonValue> operand = operand(lines[i]);
            if (operand.isEmpty()) {
                return;
            }
            operands.add(operand.get());
        }

        PayloadFilter filter;
        try {
            filter = new PayloadFilter(lines[0], PayloadFilter.Condition.of(lines[1], operands));
        } catch (InvalidRequestException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }

        String text = PayloadFilterText.of(List.of(filter));
        List<PayloadFilter> read = PayloadFilterText.parse(text);
        assertThat(read).hasSize(1);
        assertThat(PayloadFilterText.of(read)).isEqualTo(text);
        PayloadFilter back = read.get(0);
        assertThat(back.pointer()).isEqualTo(filter.pointer());
        assertThat(back.condition().wireName()).isEqualTo(filter.condition().wireName());
        assertThat(back.condition().operands()).hasSameSizeAs(filter.condition().operands());
        for (int i = 0; i < filter.condition().operands().size(); i++) {
            assertThat(back.condition().operands().get(i).sameAs(filter.condition().operands().get(i))).isTrue();
        }

        assertThat(filter.holds(Optional.empty())).as("a body that is not JSON").isFalse();
        PayloadFilter.Condition condition = filter.condition();
        if (condition instanceof PayloadFilter.Equals equals) {
            assertThat(filter.holds(found(filter, equals.value()))).isTrue();
        } else if (condition instanceof PayloadFilter.OneOf oneOf) {
            assertThat(oneOf.values()).allMatch(value -> filter.holds(found(filter, value)));
        } else if (condition instanceof PayloadFilter.Exists exists) {
            assertThat(filter.holds(Optional.of(Map.of()))).isEqualTo(!exists.exists());
            assertThat(filter.holds(found(filter, JsonValue.Null.NULL))).isEqualTo(exists.exists());
        } else if (condition instanceof PayloadFilter.Prefix prefix) {
            assertThat(filter.holds(found(filter, new JsonValue.Text(prefix.prefix() + "…")))).isTrue();
            assertThat(filter.holds(found(filter, JsonValue.Structure.STRUCTURE))).isFalse();
        }
    }

    private static Optional<Map<String, JsonValue>> found(PayloadFilter filter, JsonValue value) {
        return Optional.of(Map.of(filter.pointer(), value));
    }

    /** An operand as the API's JSON reader could give it; empty for a line that stands for none. */
    private static Optional<JsonValue> operand(String line) {
        if (line.isEmpty()) {
            return Optional.empty();
        }
        String rest = line.substring(1);
        switch (line.charAt(0)) {
            case 's':
                return Optional.of(new JsonValue.Text(rest));
            case 'n':
                try {
                    return Optional.of(new JsonValue.Decimal(new BigDecimal(rest)));
                } catch (NumberFormatException notANumber) {
                    return Optional.empty();
                }
            default:
                return Optional.ofNullable(switch (line) {
                    case "t" -> new JsonValue.Bool(true);
                    case "f" -> new JsonValue.Bool(false);
                    case "z" -> JsonValue.Null.NULL;
                    case "o" -> JsonValue.Structure.STRUCTURE;
                    default -> null;
                });
        }
    }
}
