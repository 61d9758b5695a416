package io.hookrelay.delivery.filter;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Payload filters as one text: a filter a line, its pointer, condition and operands separated by tabs, with
 * backslash escapes for the tab, line breaks and the backslash itself. Numbers are written in one form
 * ({@code 1.50} as {@code 1.5}), so the same filters are always the same text, which is how
 * {@link io.hookrelay.delivery.model.Route} orders them and a store's unique index tells two routes apart.
 */
public final class PayloadFilterText {
    private static final String SEPARATOR = "\t";

    private PayloadFilterText() {
    }

    public static String of(List<PayloadFilter> filters) {
        return String.join("\n", filters.stream().map(PayloadFilterText::line).toList());
    }

    /** The inverse of {@link #of}; no text is no filters. */
    public static List<PayloadFilter> parse(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(text.split("\n", -1)).map(PayloadFilterText::filter).toList();
    }

    public static String line(PayloadFilter filter) {
        List<String> fields = new ArrayList<>();
        fields.add(escape(filter.pointer()));
        fields.add(filter.condition().wireName());
        filter.condition().operands().forEach(value -> fields.add(operand(value)));
        return String.join(SEPARATOR, fields);
    }

    private static PayloadFilter filter(String line) {
        String[] fields = line.split(SEPARATOR, -1);
        if (fields.length < 3) {
            throw new IllegalStateException("a stored payload filter has " + fields.length + " fields");
        }
        List<JsonValue> operands = Arrays.stream(fields, 2, fields.length).map(PayloadFilterText::value).toList();
        return new PayloadFilter(unescape(fields[0]), PayloadFilter.Condition.of(fields[1], operands));
    }

    /** One operand's form, by which {@code in} values are also kept in order and each once. */
    static String operand(JsonValue value) {
        if (value instanceof JsonValue.Text text) {
            return "s" + escape(text.value());
        }
        if (value instanceof JsonValue.Decimal decimal) {
            return "n" + decimal.value().stripTrailingZeros();
        }
        if (value instanceof JsonValue.Bool bool) {
            return bool.value() ? "t" : "f";
        }
        if (value == JsonValue.Null.NULL) {
            return "z";
        }
        throw new IllegalArgumentException("a filter compares with scalars only");
    }

    private static JsonValue value(String operand) {
        return switch (operand.isEmpty() ? ' ' : operand.charAt(0)) {
            case 's' -> new JsonValue.Text(unescape(operand.substring(1)));
            case 'n' -> new JsonValue.Decimal(new BigDecimal(operand.substring(1)));
            case 't' -> new JsonValue.Bool(true);
            case 'f' -> new JsonValue.Bool(false);
            case 'z' -> JsonValue.Null.NULL;
            default -> throw new IllegalStateException("a stored payload filter has an unknown operand");
        };
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    private static String unescape(String text) {
        StringBuilder plain = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\') {
                plain.append(c);
                continue;
            }
            char escaped = text.charAt(++i);
            plain.append(switch (escaped) {
                case 't' -> '\t';
                case 'n' -> '\n';
                case 'r' -> '\r';
                default -> escaped;
            });
        }
        return plain.toString();
    }
}
