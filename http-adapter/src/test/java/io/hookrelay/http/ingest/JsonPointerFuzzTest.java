package io.hookrelay.http.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.filter.JsonPointerSyntax;
import io.hookrelay.delivery.filter.JsonValue;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JSON pointers as a source or route names them, and bodies as anyone may post them. A pointer is refused unless it
 * is RFC 6901's (at most 256 characters, no NUL or lone surrogate), and one taken names the tokens the RFC says; the
 * values {@link JacksonJsonPointerReader} streams out of a body are what reading the whole body as a tree finds there,
 * and a body that is no JSON document in UTF-8 has none.
 *
 * <p>An input is two pointers, a line each, then the body. In a pointer, a backslash, {@code u} and four hex digits
 * stand for that character, as in a JSON string: that is how a lone surrogate gets into one.
 */
class JsonPointerFuzzTest {
    private static final ObjectMapper TREES = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(JacksonJsonPointerReader.MAX_NESTING_DEPTH).build())
                    .build())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private static final Pattern UNICODE_ESCAPE = Pattern.compile("\\\\u([0-9a-fA-F]{4})");

    private final JacksonJsonPointerReader reader = new JacksonJsonPointerReader();

    @FuzzTest(maxDuration = "3m")
    void aPointerIsRefusedUnlessItIsRfc6901sAndFindsWhatATreeHoldsThere(byte[] input) {
        int first = indexOf(input, 0);
        int second = first < 0 ? -1 : indexOf(input, first + 1);
        if (second < 0) {
            return;
        }
        Set<String> pointers = new LinkedHashSet<>();
        for (String pointer : List.of(unescaped(text(input, 0, first)), unescaped(text(input, first + 1, second)))) {
            InvalidRequestException refused = catchThrowableOfType(InvalidRequestException.class,
                    () -> JsonPointerSyntax.require(pointer, "pointer"));
            assertThat(refused == null).as("%s taken", pointer).isEqualTo(isRfc6901(pointer));
            if (refused == null) {
                assertThat(tokens(JsonPointer.compile(pointer))).isEqualTo(rfc6901Tokens(pointer));
                pointers.add(pointer);
            } else {
                assertThat(refused.getMessage()).isNotBlank();
            }
        }
        byte[] body = Arrays.copyOfRange(input, second + 1, input.length);

        Optional<Map<String, JsonValue>> streamed = reader.values(body, pointers);

        JsonNode root;
        try {
            root = TREES.readTree(body);
        } catch (IOException | NumberFormatException notJson) {
            if (isNumberOutOfRange(notJson)) {
                // A number no tree can hold, which the stream reads only at a pointer: there is nothing to compare with.
                return;
            }
            root = MissingNode.getInstance();
        }
        JsonNode document = root == null || !isUtf8(body) ? MissingNode.getInstance() : root;
        assertThat(streamed.isPresent()).as("a JSON document").isEqualTo(!document.isMissingNode());
        for (String pointer : pointers) {
            Optional<JsonValue> found = streamed.flatMap(values -> Optional.ofNullable(values.get(pointer)));
            Optional<JsonValue> inTree = Optional.of(document.at(pointer)).filter(node -> !node.isMissingNode()).map(JsonPointerFuzzTest::value);
            assertThat(found.isPresent()).as("%s found", pointer).isEqualTo(inTree.isPresent());
            found.ifPresent(value -> assertThat(value.sameAs(inTree.get()) || value.equals(inTree.get()))
                    .as("%s: %s against %s", pointer, value, inTree.get()).isTrue());
        }
    }

    private static boolean isNumberOutOfRange(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof NumberFormatException || cause instanceof ArithmeticException) {
                return true;
            }
        }
        return false;
    }

    /** RFC 8259 has JSON in UTF-8 throughout, where a tree reading lets invalid UTF-8 in a name through. */
    private static boolean isUtf8(byte[] body) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body));
            return true;
        } catch (CharacterCodingException notUtf8) {
            return false;
        }
    }

    private static JsonValue value(JsonNode node) {
        if (node.isTextual()) {
            return new JsonValue.Text(node.textValue());
        }
        if (node.isNumber()) {
            return new JsonValue.Decimal(node.decimalValue());
        }
        if (node.isBoolean()) {
            return new JsonValue.Bool(node.booleanValue());
        }
        return node.isNull() ? JsonValue.Null.NULL : JsonValue.Structure.STRUCTURE;
    }

    /** RFC 6901 §3 as a loop, and hookrelay's bounds. */
    private static boolean isRfc6901(String pointer) {
        if (pointer.isEmpty() || pointer.length() > 256 || pointer.charAt(0) != '/') {
            return false;
        }
        for (int i = 0; i < pointer.length(); i++) {
            char c = pointer.charAt(i);
            boolean escapeEnds = c == '~' && i + 1 < pointer.length() && (pointer.charAt(i + 1) == '0' || pointer.charAt(i + 1) == '1');
            boolean pairedSurrogate = Character.isHighSurrogate(c) && i + 1 < pointer.length() && Character.isLowSurrogate(pointer.charAt(i + 1));
            if (c == 0 || (c == '~' && !escapeEnds) || (Character.isSurrogate(c) && !pairedSurrogate)) {
                return false;
            }
            if (escapeEnds || pairedSurrogate) {
                i++;
            }
        }
        return true;
    }

    private static List<String> rfc6901Tokens(String pointer) {
        return Arrays.stream(pointer.substring(1).split("/", -1)).map(token -> token.replace("~1", "/").replace("~0", "~")).toList();
    }

    private static List<String> tokens(JsonPointer pointer) {
        List<String> tokens = new ArrayList<>();
        for (JsonPointer rest = pointer; !rest.matches(); rest = rest.tail()) {
            tokens.add(rest.getMatchingProperty());
        }
        return tokens;
    }

    /** A line with each backslash-u escape replaced by the character it stands for. */
    static String unescaped(String line) {
        return UNICODE_ESCAPE.matcher(line).replaceAll(escape -> Matcher.quoteReplacement(
                String.valueOf((char) Integer.parseInt(escape.group(1), 16))));
    }

    private static int indexOf(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static String text(byte[] bytes, int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.UTF_8);
    }
}
