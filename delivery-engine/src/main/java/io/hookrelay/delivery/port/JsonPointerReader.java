package io.hookrelay.delivery.port;

import io.hookrelay.delivery.filter.JsonValue;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads values out of a JSON body, for sources that find the event type or the idempotency key inside it and for
 * routes that filter on it. A port so the domain needs no JSON library.
 */
public interface JsonPointerReader {

    /**
     * Every pointer's value, read in one pass over the body.
     *
     * @return empty when the body is not one whole JSON document; else the value at each pointer that finds one
     */
    Optional<Map<String, JsonValue>> values(byte[] json, Set<String> pointers);

    /**
     * @return the string (or number, as written) at {@code pointer}; empty when the body is not JSON, the
     *         pointer finds nothing, or finds an object, array, boolean or null
     */
    default Optional<String> read(byte[] json, String pointer) {
        return values(json, Set.of(pointer)).map(found -> found.get(pointer)).flatMap(JsonValue::text);
    }
}
