package io.hookrelay.http;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
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
import io.hookrelay.delivery.InvalidRequestException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;

/**
 * The API's one JSON mapper: snake_case names both ways, and strict reading. A client that sends
 * {@code "timeout_ms":"5"}, {@code 1.5} for an integer, a field this API does not know, a duplicate key or
 * trailing garbage gets a 400 naming the field, rather than a guess at what it meant: a webhook relay that
 * silently reinterprets its configuration loses events later, where nobody is looking.
 */
final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            // A one-field request record must still be read from an object, never from a bare string.
            .constructorDetector(ConstructorDetector.USE_PROPERTIES_BASED)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
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
            value = MAPPER.readValue(body, type);
        } catch (DatabindException e) {
            throw new InvalidRequestException(describe(e));
        } catch (JsonProcessingException e) {
            throw new InvalidRequestException("invalid_json", "the request body is not valid JSON" + where(e.getLocation()));
        } catch (IOException e) {
            throw new UncheckedIOException("reading JSON from memory failed", e);
        }
        if (value == null) {
            throw new InvalidRequestException("the request body must be a single JSON object");
        }
        return value;
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
