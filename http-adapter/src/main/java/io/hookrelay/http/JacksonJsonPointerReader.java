package io.hookrelay.http;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hookrelay.delivery.JsonPointerReader;
import java.io.IOException;
import java.util.Optional;

/**
 * Finds a source's event type inside a JSON body with Jackson's {@link JsonNode#at}. Decimal numbers are
 * read as exact decimals, so {@code 1.50} comes back as {@code 1.50}, as written, not as a rounded double.
 */
public final class JacksonJsonPointerReader implements JsonPointerReader {
    private final ObjectReader reader = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build()
            .reader();

    @Override
    public Optional<String> read(byte[] json, String pointer) {
        JsonPointer compiled = JsonPointer.compile(pointer);
        JsonNode root;
        try {
            root = reader.readTree(json);
        } catch (IOException notJson) {
            return Optional.empty();
        }
        if (root == null) {
            return Optional.empty();
        }
        JsonNode found = root.at(compiled);
        if (found.isTextual()) {
            return Optional.of(found.textValue());
        }
        if (found.isNumber()) {
            return Optional.of(found.asText());
        }
        return Optional.empty();
    }
}
