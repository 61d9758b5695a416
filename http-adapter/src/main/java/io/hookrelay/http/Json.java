package io.hookrelay.http;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.ConstructorDetector;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.hookrelay.delivery.error.InvalidRequestException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;

/**
 * The API's one JSON mapper: snake_case names both ways, and strict reading. A client that sends
 * {@code "timeout_ms":"5"}, {@code 1.5} for an integer, a field this API does not know, a duplicate key,
 * trailing garbage or bytes that are not UTF-8 gets a 400 naming the field, rather than a guess at what it
 * meant: a webhook relay that silently reinterprets its configuration loses events later, where nobody is
 * looking.
 *
 * <p>Deep nesting needs no limit of its own here: every request is a record, whose members are strings,
 * numbers, lists of them or small objects, so a value of the wrong shape is refused at its first token and a
 * JSON bomb is never read further than that. Jackson's own caps (nesting depth, number length) stay behind it.
 */
final class Json {
    private static final String BYTE_ORDER_MARK = "\uFEFF";
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            // A one-field request record must still be read from an object, never from a bare string.
            .constructorDetector(ConstructorDetector.USE_PROPERTIES_BASED)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // A filter's number is compared exactly, as the payload's numbers are.
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))
            .withCoercionConfigDefaults(config -> config.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Textual, config -> config
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Integer, config -> config
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Boolean, config -> config
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail))
            .build();

    private Json() {
    }

    /**
     * @throws InvalidRequestException {@code invalid_json} when the body is not JSON, {@code invalid_request}
     *                                 when it is JSON of the wrong shape (not an object, a wrong type, an
     *                                 unknown field, a null in a list)
     */
    static <T> T read(byte[] body, Class<T> type) {
        if (isBlank(body)) {
            throw new InvalidRequestException("the request body must be a single JSON object");
        }
        T value;
        try {
            value = MAPPER.readValue(utf8(body), type);
        } catch (JsonProcessingException e) {
            throw refusal(e);
        }
        if (value == null) {
            throw new InvalidRequestException("the request body must be a single JSON object");
        }
        return value;
    }

    /**
     * The body as text, refusing bytes that are not UTF-8 (overlong forms, lone surrogates, stray bytes) instead
     * of reading them as U+FFFD. Jackson is handed text rather than bytes so that it cannot take a body for
     * UTF-16 or UTF-32 by the look of its first bytes. A leading byte order mark is skipped (RFC 8259 §8.1
     * allows it), as some Windows tools write one.
     */
    private static String utf8(byte[] body) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new InvalidRequestException("invalid_json", "the request body is not valid UTF-8");
        }
        return text.startsWith(BYTE_ORDER_MARK) ? text.substring(BYTE_ORDER_MARK.length()) : text;
    }

    /**
     * Databind wraps a parser's failure inside a member's value with the member's path, so the innermost failure
     * decides: text that is not JSON is {@code invalid_json} even inside a member; a number out of its type's
     * range, or anything databind itself refuses, names the member.
     */
    private static InvalidRequestException refusal(JsonProcessingException e) {
        JsonProcessingException cause = e;
        while (cause instanceof DatabindException && cause.getCause() instanceof JsonProcessingException inner) {
            cause = inner;
        }
        if (cause instanceof StreamConstraintsException) {
            return new InvalidRequestException("the request body has a number, text or nesting longer or deeper than this API reads");
        }
        if (cause instanceof StreamReadException notJson && !(cause instanceof InputCoercionException)) {
            return new InvalidRequestException("invalid_json", "the request body is not valid JSON" + where(notJson.getLocation()));
        }
        if (e instanceof DatabindException mapping) {
            return new InvalidRequestException(describe(mapping));
        }
        return new InvalidRequestException("invalid_json", "the request body is not valid JSON" + where(e.getLocation()));
    }

    static byte[] write(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a response could not be written as JSON", e);
        }
    }

    static boolean isBlank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return true;
    }

    /** A message naming the field, never echoing the value (it might be a secret sent in the wrong place). */
    private static String describe(DatabindException e) {
        String field = path(((JsonMappingException) e).getPath());
        if (e instanceof UnrecognizedPropertyException unknown) {
            return "unknown field " + path(unknown.getPath());
        }
        if (field.isEmpty()) {
            return "the request body must be a single JSON object";
        }
        if (e instanceof InvalidNullException) {
            return field + " must not contain null";
        }
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return field + " must be " + jsonTypeOf(mismatch.getTargetType());
        }
        return field + " has the wrong type or an out-of-range value";
    }

    private static String path(List<JsonMappingException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : references) {
            if (reference.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String jsonTypeOf(Class<?> type) {
        if (type == String.class) {
            return "a string";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "an integer";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "an object";
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
