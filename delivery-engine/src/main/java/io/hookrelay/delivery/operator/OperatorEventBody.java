package io.hookrelay.delivery.operator;

import io.hookrelay.delivery.query.OperatorEventType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

/**
 * The JSON body of an operator event, laid out as Standard Webhooks suggests for payloads: {@code type},
 * {@code timestamp} and the event's {@code data}. The data holds only text and whole numbers.
 */
final class OperatorEventBody {
    private OperatorEventBody() {
    }

    /** @param data values are {@link String}s or {@link Integer}s, in the order given */
    static byte[] of(OperatorEventType type, Instant at, Map<String, ?> data) {
        StringBuilder json = new StringBuilder("{\"type\":");
        string(json, type.wire());
        json.append(",\"timestamp\":");
        string(json, at.toString());
        json.append(",\"data\":{");
        String separator = "";
        for (Map.Entry<String, ?> field : data.entrySet()) {
            json.append(separator);
            string(json, field.getKey());
            json.append(':');
            if (field.getValue() instanceof Integer number) {
                json.append(number);
            } else {
                string(json, (String) field.getValue());
            }
            separator = ",";
        }
        return json.append("}}").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void string(StringBuilder json, String text) {
        json.append('"');
        text.chars().forEach(c -> {
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", c));
                    } else {
                        json.append((char) c);
                    }
                }
            }
        });
        json.append('"');
    }
}
