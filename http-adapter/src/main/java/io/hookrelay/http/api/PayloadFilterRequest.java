package io.hookrelay.http.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.filter.PayloadFilter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

/**
 * One of a route's {@code filters} as a client writes it: a {@code pointer} and exactly one condition,
 * {@code equals}, {@code in}, {@code exists} or {@code prefix}. The conditions are read as JSON values, so
 * {@code "equals": null} (the member is null) is told apart from no {@code equals} at all.
 */
record PayloadFilterRequest(String pointer, JsonNode equals, JsonNode in, JsonNode exists, JsonNode prefix) {

    PayloadFilter filter() {
        Map<String, JsonNode> given = new LinkedHashMap<>();
        given.put("equals", equals);
        given.put("in", in);
        given.put("exists", exists);
        given.put("prefix", prefix);
        given.values().removeIf(node -> node == null);
        if (given.size() != 1) {
            throw new InvalidRequestException("each filter needs a pointer and exactly one of equals, in, exists or prefix");
        }
        Map.Entry<String, JsonNode> condition = given.entrySet().iterator().next();
        return new PayloadFilter(Fields.required(pointer, "each filter's pointer"),
                PayloadFilter.Condition.of(condition.getKey(), operands(condition.getKey(), condition.getValue())));
    }

    /** The API's form of a stored filter: its pointer and its one condition. */
    static Map<String, Object> json(PayloadFilter filter) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("pointer", filter.pointer());
        List<Object> operands = filter.condition().operands().stream().map(PayloadFilterRequest::plain).toList();
        json.put(filter.condition().wireName(), filter.condition() instanceof PayloadFilter.OneOf ? operands : operands.get(0));
        return json;
    }

    private static List<JsonValue> operands(String name, JsonNode node) {
        if (!name.equals("in")) {
            return List.of(value(node, name));
        }
        if (!node.isArray()) {
            throw new InvalidRequestException("a filter's in must be an array");
        }
        return StreamSupport.stream(node.spliterator(), false).map(element -> value(element, "in")).toList();
    }

    private static JsonValue value(JsonNode node, String name) {
        if (node.isTextual()) {
            return new JsonValue.Text(node.textValue());
        }
        if (node.isNumber()) {
            return new JsonValue.Decimal(node.decimalValue());
        }
        if (node.isBoolean()) {
            return new JsonValue.Bool(node.booleanValue());
        }
        if (node.isNull()) {
            return JsonValue.Null.NULL;
        }
        throw new InvalidRequestException("a filter's " + name + " takes strings, numbers, booleans or null");
    }

    private static Object plain(JsonValue value) {
        if (value instanceof JsonValue.Text text) {
            return text.value();
        }
        if (value instanceof JsonValue.Decimal decimal) {
            return decimal.value();
        }
        if (value instanceof JsonValue.Bool bool) {
            return bool.value();
        }
        return null;
    }
}
