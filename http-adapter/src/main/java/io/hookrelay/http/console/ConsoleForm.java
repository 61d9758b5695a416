package io.hookrelay.http.console;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A console form as its browser sends it, {@code application/x-www-form-urlencoded}: a name given twice counts with
 * its first value, and a pair without a name or an {@code =} is no field. Apart from the exchange, so that what anyone
 * may post to the sign-in page is read by code that can be tested on its own.
 */
final class ConsoleForm {
    private static final String FORM_TYPE = "application/x-www-form-urlencoded";

    private ConsoleForm() {
    }

    /** @throws InvalidRequestException unless {@code contentType} is a form's, checked before any of the body is read */
    static void requireFormType(String contentType) {
        if (!contentType.regionMatches(true, 0, FORM_TYPE, 0, FORM_TYPE.length())) {
            throw new InvalidRequestException("the console's forms are sent as " + FORM_TYPE);
        }
    }

    /** @throws InvalidRequestException when a name or value is not percent-encoded */
    static Map<String, String> fields(byte[] body) {
        Map<String, String> fields = new HashMap<>();
        for (String pair : new String(body, StandardCharsets.UTF_8).split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0) {
                try {
                    fields.putIfAbsent(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
                } catch (IllegalArgumentException malformed) {
                    throw new InvalidRequestException("the form is not well-formed");
                }
            }
        }
        return fields;
    }
}
