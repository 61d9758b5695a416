package io.hookrelay.delivery.query;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.Ulids;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.Predicate;

/**
 * The opaque cursor strings clients pass back: base64url of the last id seen. Opaque so clients do not build
 * them; checked on the way in so a mangled cursor is a clear 400 rather than an empty page.
 */
public final class Cursors {
    private Cursors() {
    }

    public static String encode(String id) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id.getBytes(StandardCharsets.UTF_8));
    }

    /** @throws InvalidRequestException unless {@code cursor} encodes an id with {@code prefix} */
    public static String decode(String cursor, String prefix) {
        return decode(cursor, id -> Ulids.isValid(id, prefix));
    }

    /** @throws InvalidRequestException unless {@code cursor} encodes an id that is {@code valid} */
    public static String decode(String cursor, Predicate<String> valid) {
        try {
            String id = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (valid.test(id)) {
                return id;
            }
        } catch (IllegalArgumentException notBase64) {
            // falls through to the same refusal as a well-encoded wrong id
        }
        throw new InvalidRequestException("invalid_cursor", "cursor is not one this server handed out");
    }
}
