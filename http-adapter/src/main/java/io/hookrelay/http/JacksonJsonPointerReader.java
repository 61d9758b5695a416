package io.hookrelay.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import io.hookrelay.delivery.JsonPointerReader;
import java.io.IOException;
import java.util.Optional;

/**
 * Finds a source's event type or idempotency key inside a JSON body by streaming through it with Jackson's parser, never
 * building the document: an ingest body may be megabytes from anyone on the network, and a tree of
 * {@code [{},{},…]} costs many times its size in memory. Only the value at the pointer is kept, and only
 * the nesting depth (at most {@value #MAX_NESTING_DEPTH} levels) costs memory beyond it.
 *
 * <p>The answer is what reading the document as a tree would give: a body that is not one whole JSON document
 * (malformed anywhere, trailing content, nested too deep) has no type; a repeated name counts with its last
 * value, as in JavaScript's {@code JSON.parse}; numbers come back as exact decimals, so {@code 1.50} is
 * {@code 1.50}, as written, not a rounded double.
 */
public final class JacksonJsonPointerReader implements JsonPointerReader {
    /** Far deeper than any provider's payload; beyond it the body is not read for a type. */
    static final int MAX_NESTING_DEPTH = 1000;

    private final JsonFactory factory = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH).build())
            .build();

    @Override
    public Optional<String> read(byte[] json, String pointer) {
        JsonPointer compiled = JsonPointer.compile(pointer);
        try (JsonParser parser = factory.createParser(json)) {
            if (parser.nextToken() == null) {
                return Optional.empty();
            }
            Optional<String> found = find(parser, compiled);
            return parser.nextToken() == null ? found : Optional.empty();
        } catch (IOException notJson) {
            return Optional.empty();
        }
    }

    /**
     * Walks the value the parser is at, leaving the parser at the value's last token.
     *
     * @param rest what is left of the pointer below this value
     */
    private static Optional<String> find(JsonParser parser, JsonPointer rest) throws IOException {
        if (rest.matches()) {
            return scalar(parser);
        }
        Optional<String> found = Optional.empty();
        if (parser.currentToken() == JsonToken.START_OBJECT) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                JsonPointer below = rest.matchProperty(parser.currentName());
                parser.nextToken();
                if (below != null) {
                    found = find(parser, below);
                } else {
                    parser.skipChildren();
                }
            }
        } else if (parser.currentToken() == JsonToken.START_ARRAY) {
            for (int index = 0; parser.nextToken() != JsonToken.END_ARRAY; index++) {
                JsonPointer below = rest.matchElement(index);
                if (below != null) {
                    found = find(parser, below);
                } else {
                    parser.skipChildren();
                }
            }
        }
        return found;
    }

    /** The value as text when it is a string or a number; an object or array is skipped and gives nothing. */
    private static Optional<String> scalar(JsonParser parser) throws IOException {
        return switch (parser.currentToken()) {
            case VALUE_STRING -> Optional.of(parser.getText());
            case VALUE_NUMBER_INT -> Optional.of(parser.getBigIntegerValue().toString());
            case VALUE_NUMBER_FLOAT -> Optional.of(parser.getDecimalValue().toString());
            default -> {
                parser.skipChildren();
                yield Optional.empty();
            }
        };
    }
}
