package io.hookrelay.delivery.usecase;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An inbound webhook as the ingest use case needs it.
 *
 * @param headers every request header, names lower-cased (here, whatever the adapter passes, because
 *                {@link #header} and the stored headers rely on it), repeated values joined with {@code ", "}
 */
public record InboundRequest(String contentType, Map<String, String> headers, byte[] body) {
    public InboundRequest {
        Objects.requireNonNull(contentType, "contentType");
        headers = headers.entrySet().stream().collect(Collectors.toUnmodifiableMap(
                header -> header.getKey().toLowerCase(Locale.ROOT), Map.Entry::getValue, (first, second) -> first + ", " + second));
        Objects.requireNonNull(body, "body");
    }

    /** A header by case-insensitive name. */
    public Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
    }
}
