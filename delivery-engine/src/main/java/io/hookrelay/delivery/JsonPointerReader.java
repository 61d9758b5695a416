package io.hookrelay.delivery;

import java.util.Optional;

/**
 * Reads one value out of a JSON body, for sources that find the event type or the idempotency key inside it.
 * A port so the domain needs no JSON library.
 */
public interface JsonPointerReader {

    /**
     * @return the string (or number, as written) at {@code pointer}; empty when the body is not JSON, the
     *         pointer finds nothing, or finds an object, array, boolean or null
     */
    Optional<String> read(byte[] json, String pointer);
}
