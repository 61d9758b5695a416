package io.hookrelay.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads one {@code --filter}: a JSON object as the API takes it, such as {@code {"pointer":"/type","prefix":"invoice."}}.
 * Only its shape is checked here; the server says what is wrong with its fields, as it does for any client.
 */
final class PayloadFilterConverter implements ITypeConverter<JsonNode> {
    @Override
    public JsonNode convert(String value) {
        try {
            JsonNode filter = ApiJson.MAPPER.readTree(value);
            if (filter != null && filter.isObject()) {
                return filter;
            }
        } catch (JsonProcessingException notJson) {
            // refused below, without the parser's own words, which quote the input at length
        }
        throw new TypeConversionException("a filter is a JSON object such as {\"pointer\":\"/type\",\"prefix\":\"invoice.\"}");
    }
}
