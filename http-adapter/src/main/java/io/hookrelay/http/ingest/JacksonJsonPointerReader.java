package io.hookrelay.http.ingest;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.port.JsonPointerReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Finds a source's event type or idempotency key, or the values routes filter on, inside a JSON body by streaming through it with Jackson's parser, never
 * building the document: an ingest body may be megabytes from anyone on the network, and a tree of
 * {@code [{},{},…]} costs many times its size in memory. Only the values at the pointers are kept (of an object
 * or array, only that it is one), and only the nesting depth (at most {@value #MAX_NESTING_DEPTH} levels) costs memory beyond it.
 *
 * <p>The answer is what reading the document as a tree would give: a body that is not one whole JSON document
 * (malformed anywhere, trailing content, nested too deep, a number at a pointer that no decimal can hold, such as
 * {@code 1e9999999999}) has no type, nor has one that is not UTF-8 throughout, as RFC 8259 has JSON, though a tree
 * reading lets invalid UTF-8 in a name through; a repeated name counts with its last
 * value, as in JavaScript's {@code JSON.parse}; numbers come back as exact decimals, so {@code 1.50} is
 * {@code 1.50}, as written, not a rounded double.
 */
public final class JacksonJsonPointerReader implements JsonPointerReader {
    /** Far deeper than any provider's payload; beyond it the body is not read for a type. */
    static final int MAX_NESTING_DEPTH = 1000;
    private static final int UTF8_CHECK_CHARS = 4096;

    private final JsonFactory factory = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING_DEPTH).build())
            .build();

    @Override
    public Optional<Map<String, JsonValue>> values(byte[] json, Set<String> pointers) {
        List<Wanted> wanted = pointers.stream().map(pointer -> new Wanted(pointer, JsonPointer.compile(pointer))).toList();
        if (!isUtf8(json)) {
            return Optional.empty();
        }
        Map<String, JsonValue> found = new HashMap<>();
        try (JsonParser parser = factory.createParser(json)) {
            if (parser.nextToken() == null) {
                return Optional.empty();
            }
            find(parser, wanted, found);
            return parser.nextToken() == null ? Optional.of(Map.copyOf(found)) : Optional.empty();
        } catch (IOException | NumberFormatException notJson) {
            // Jackson throws the latter for a number whose exponent no decimal holds, which it reads only at a pointer.
            return Optional.empty();
        }
    }

    /**
     * Whether the body is UTF-8 throughout. Jackson decodes a string only when it is read, skipping the others with a
     * looser check that lets the encoding of a surrogate through, so the body is checked first, a buffer at a time:
     * decoding every string instead would hold each whole in memory.
     */
    private static boolean isUtf8(byte[] json) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        ByteBuffer in = ByteBuffer.wrap(json);
        CharBuffer out = CharBuffer.allocate(UTF8_CHECK_CHARS);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                return false;
            }
            if (result.isUnderflow()) {
                return !decoder.flush(out).isError();
            }
            out.clear();
        }
    }

    /** A pointer asked for, and what is left of it below the value the parser is at. */
    private record Wanted(String pointer, JsonPointer rest) {
    }

    /**
     * Walks the value the parser is at, leaving the parser at the value's last token. A name given twice counts
     * with its last value, so whatever the first left in {@code found} below it is forgotten first.
     */
    private static void find(JsonParser parser, List<Wanted> wanted, Map<String, JsonValue> found) throws IOException {
        List<Wanted> below = new ArrayList<>();
        for (Wanted each : wanted) {
            if (each.rest().matches()) {
                found.put(each.pointer(), valueAt(parser));
            } else {
                below.add(each);
            }
        }
        if (below.isEmpty()) {
            parser.skipChildren();
        } else if (parser.currentToken() == JsonToken.START_OBJECT) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                descend(parser, below, each -> each.rest().matchProperty(name), found);
            }
        } else if (parser.currentToken() == JsonToken.START_ARRAY) {
            for (int index = 0; parser.nextToken() != JsonToken.END_ARRAY; index++) {
                int element = index;
                descend(parser, below, each -> each.rest().matchElement(element), found);
            }
        }
    }

    private static void descend(JsonParser parser, List<Wanted> wanted, Function<Wanted, JsonPointer> step,
                                Map<String, JsonValue> found) throws IOException {
        List<Wanted> here = new ArrayList<>();
        for (Wanted each : wanted) {
            JsonPointer rest = step.apply(each);
            if (rest != null) {
                found.remove(each.pointer());
                here.add(new Wanted(each.pointer(), rest));
            }
        }
        if (here.isEmpty()) {
            parser.skipChildren();
        } else {
            find(parser, here, found);
        }
    }

    /** The value the parser is at; an object or array is only noted, its content left for the walk. */
    private static JsonValue valueAt(JsonParser parser) throws IOException {
        return switch (parser.currentToken()) {
            case VALUE_STRING -> new JsonValue.Text(parser.getText());
            case VALUE_NUMBER_INT -> new JsonValue.Decimal(new BigDecimal(parser.getBigIntegerValue()));
            case VALUE_NUMBER_FLOAT -> new JsonValue.Decimal(parser.getDecimalValue());
            case VALUE_TRUE -> new JsonValue.Bool(true);
            case VALUE_FALSE -> new JsonValue.Bool(false);
            case VALUE_NULL -> JsonValue.Null.NULL;
            default -> JsonValue.Structure.STRUCTURE;
        };
    }
}
