package io.hookrelay.cli.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import io.hookrelay.cli.client.ApiJson;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads one {@code --filter}: a JSON object as the API takes it, such as {@code {"pointer":"/type","prefix":"invoice."}}.
 * Only its shape is checked here; the server says what is wrong with its fields, as it does for any client.
 */
final class PayloadFilterConverter implements ITypeConverter<JsonNode> {
    /** Numbers stay exact decimals, as the server compares them; a repeated name or trailing text is no filter. */
    private static final ObjectReader READER = ApiJson.MAPPER.reader()
            .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);

    @Override
    public JsonNode convert(String value) {
        try {
            JsonNode filter = READER.readTree(value);
            if (filter != null && filter.isObject()) {
                return filter;
            }
        } catch (JsonProcessingException notJson) {
            // refused below, without the parser's own words, which quote the input at length
        }
        throw new TypeConversionException("a filter is a JSON object such as {\"pointer\":\"/type\",\"prefix\":\"invoice.\"}");
    }
}
