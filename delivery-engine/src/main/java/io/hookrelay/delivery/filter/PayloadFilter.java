package io.hookrelay.delivery.filter;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One condition a route puts on an event's JSON body, beside its event types: the value at {@link #pointer}
 * equals one value, is one of several, exists (or does not), or is a string with a prefix. A route's
 * filters must all hold. A body that is not JSON meets none of them, {@code "exists": false} included:
 * nothing can be said of a pointer into something that is not a document.
 */
public record PayloadFilter(String pointer, Condition condition) {
    static final int MOST_VALUES = 100;
    static final int LONGEST_TEXT = 1024;
    static final int MOST_DIGITS = 100;
    /** Far beyond any number within the bounds as written, and far from where stripping its zeros could overflow. */
    private static final int MOST_SCALE_WRITTEN = 100_000;

    public PayloadFilter {
        JsonPointerSyntax.require(pointer, "each filter's pointer");
        Objects.requireNonNull(condition, "condition");
    }

    /** @param document the body's values at the filters' pointers, or empty when it is not JSON */
    public boolean holds(Optional<Map<String, JsonValue>> document) {
        return document.map(found -> condition.holds(Optional.ofNullable(found.get(pointer)))).orElse(false);
    }

    /** What the value at the pointer must be. */
    public sealed interface Condition {

        /** @param found the value at the pointer, or empty when the document has none there */
        boolean holds(Optional<JsonValue> found);

        /** Its field in the API: {@code equals}, {@code in}, {@code exists} or {@code prefix}. */
        String wireName();

        /** What it compares with; one value except for {@code in}. */
        List<JsonValue> operands();

        /**
         * The inverse of {@link #wireName} and {@link #operands}.
         *
         * @throws InvalidRequestException when they make no condition
         */
        static Condition of(String wireName, List<JsonValue> operands) {
            if (wireName.equals("in")) {
                return new OneOf(operands);
            }
            if (operands.size() != 1) {
                throw new InvalidRequestException("a filter's " + wireName + " takes one value");
            }
            JsonValue operand = operands.get(0);
            return switch (wireName) {
                case "equals" -> new Equals(operand);
                case "exists" -> new Exists(operand instanceof JsonValue.Bool bool ? bool.value() : refused("exists", "true or false"));
                case "prefix" -> new Prefix(operand instanceof JsonValue.Text text ? text.value() : refused("prefix", "a string"));
                default -> throw new InvalidRequestException("a filter's condition must be equals, in, exists or prefix");
            };
        }

        private static <T> T refused(String wireName, String what) {
            throw new InvalidRequestException("a filter's " + wireName + " must be " + what);
        }
    }

    public record Equals(JsonValue value) implements Condition {
        public Equals {
            value = operand(value, "equals");
        }

        @Override
        public boolean holds(Optional<JsonValue> found) {
            return found.filter(value::sameAs).isPresent();
        }

        @Override
        public String wireName() {
            return "equals";
        }

        @Override
        public List<JsonValue> operands() {
            return List.of(value);
        }
    }

    /** {@code "in"} on the wire. */
    public record OneOf(List<JsonValue> values) implements Condition {
        public OneOf {
            Objects.requireNonNull(values, "values");
            if (values.isEmpty() || values.size() > MOST_VALUES) {
                throw new InvalidRequestException("a filter's in must list 1 to " + MOST_VALUES + " values");
            }
            values = values.stream().map(value -> operand(value, "in"))
                    .collect(Collectors.toMap(PayloadFilterText::operand, value -> value, (first, same) -> first, TreeMap::new))
                    .values().stream().toList();
        }

        @Override
        public boolean holds(Optional<JsonValue> found) {
            return found.filter(value -> values.stream().anyMatch(value::sameAs)).isPresent();
        }

        @Override
        public String wireName() {
            return "in";
        }

        @Override
        public List<JsonValue> operands() {
            return values;
        }
    }

    /** Whether the pointer finds anything, {@code null} included: a member set to null is there. */
    public record Exists(boolean exists) implements Condition {
        @Override
        public boolean holds(Optional<JsonValue> found) {
            return found.isPresent() == exists;
        }

        @Override
        public String wireName() {
            return "exists";
        }

        @Override
        public List<JsonValue> operands() {
            return List.of(new JsonValue.Bool(exists));
        }
    }

    /** Holds for strings only: a number that starts with the same digits is not text. */
    public record Prefix(String prefix) implements Condition {
        public Prefix {
            if (prefix == null || prefix.isEmpty() || prefix.length() > LONGEST_TEXT || !StorableText.isStorable(prefix)) {
                throw new InvalidRequestException("a filter's prefix must be a string of 1 to " + LONGEST_TEXT
                        + " characters, without NUL or a lone surrogate");
            }
        }

        @Override
        public boolean holds(Optional<JsonValue> found) {
            return found.filter(value -> value instanceof JsonValue.Text text && text.value().startsWith(prefix)).isPresent();
        }

        @Override
        public String wireName() {
            return "prefix";
        }

        @Override
        public List<JsonValue> operands() {
            return List.of(new JsonValue.Text(prefix));
        }
    }

    /**
     * A value a filter compares with, in one form: a scalar of bounded size (an object or array would compare with
     * nothing), text that every store keeps as it is, a number of at most {@value #MOST_DIGITS} significant digits,
     * as many before the point and as many after it, written without trailing zeros or an exponent it does not need.
     * That plain form stays a few hundred characters, well within what JSON readers take as a number (Jackson's
     * default is 1,000), so the API's answers can be read back by any client.
     */
    private static JsonValue operand(JsonValue value, String field) {
        if (value == null || value == JsonValue.Structure.STRUCTURE) {
            throw new InvalidRequestException("a filter's " + field + " takes strings, numbers, booleans or null");
        }
        if (value instanceof JsonValue.Text text && (text.value().length() > LONGEST_TEXT || !StorableText.isStorable(text.value()))) {
            throw new InvalidRequestException("a filter's " + field + " strings must be at most " + LONGEST_TEXT
                    + " characters, without NUL or a lone surrogate");
        }
        if (value instanceof JsonValue.Decimal decimal) {
            BigDecimal number = decimal.value();
            BigDecimal stripped = number.signum() == 0 ? BigDecimal.ZERO
                    : Math.abs((long) number.scale()) > MOST_SCALE_WRITTEN ? null : number.stripTrailingZeros();
            if (stripped == null || stripped.precision() > MOST_DIGITS || stripped.scale() > MOST_DIGITS
                    || stripped.precision() - stripped.scale() > MOST_DIGITS) {
                throw new InvalidRequestException("a filter's " + field + " numbers must have at most " + MOST_DIGITS
                        + " significant digits, " + MOST_DIGITS + " before the point and " + MOST_DIGITS + " after it");
            }
            return new JsonValue.Decimal(new BigDecimal(stripped.toPlainString()));
        }
        return value;
    }
}
