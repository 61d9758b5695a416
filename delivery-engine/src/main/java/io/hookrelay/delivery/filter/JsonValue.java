package io.hookrelay.delivery.filter;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

/**
 * A value found in a JSON body, as much of it as routing needs: scalars whole, an object or an array only as
 * being there. Numbers are exact decimals, so {@code 1.50} and {@code 1.5} are the same number, as JSON means.
 */
public sealed interface JsonValue {

    /** The value as a source's event type or key reads it: a string as is, a number as written; else nothing. */
    Optional<String> text();

    /** Whether the two are the same JSON value; numbers compare by value. */
    boolean sameAs(JsonValue other);

    record Text(String value) implements JsonValue {
        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public Optional<String> text() {
            return Optional.of(value);
        }

        @Override
        public boolean sameAs(JsonValue other) {
            return equals(other);
        }
    }

    record Decimal(BigDecimal value) implements JsonValue {
        public Decimal {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public Optional<String> text() {
            return Optional.of(value.toString());
        }

        @Override
        public boolean sameAs(JsonValue other) {
            return other instanceof Decimal decimal && decimal.value.compareTo(value) == 0;
        }
    }

    record Bool(boolean value) implements JsonValue {
        @Override
        public Optional<String> text() {
            return Optional.empty();
        }

        @Override
        public boolean sameAs(JsonValue other) {
            return equals(other);
        }
    }

    /** JSON's {@code null}: a member that is there, holding nothing. */
    enum Null implements JsonValue {
        NULL;

        @Override
        public Optional<String> text() {
            return Optional.empty();
        }

        @Override
        public boolean sameAs(JsonValue other) {
            return other == NULL;
        }
    }

    /** An object or an array, which no condition compares. */
    enum Structure implements JsonValue {
        STRUCTURE;

        @Override
        public Optional<String> text() {
            return Optional.empty();
        }

        @Override
        public boolean sameAs(JsonValue other) {
            return false;
        }
    }
}
