package io.hookrelay.delivery;

import java.util.Map;
import java.util.Objects;
import java.util.Locale;
import java.util.Optional;

/**
 * An inbound webhook as the ingest use case needs it.
 *
 * @param headers every request header, names lower-cased, repeated values joined with {@code ", "}
 */
public record InboundRequest(String contentType, Map<String, String> headers, byte[] body) {
    public InboundRequest {
        Objects.requireNonNull(contentType, "contentType");
        headers = Map.copyOf(headers);
        Objects.requireNonNull(body, "body");
    }

    /** A header by case-insensitive name. */
    public Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }
}
