package io.hookrelay.http;

/**
 * The management API reads a body only when its {@code Content-Type} says it is JSON: {@code application/json},
 * in any letter case, with no {@code charset} or {@code charset=utf-8} (RFC 8259 §8.1: JSON between systems
 * is UTF-8). Guessing that a form, a text or a UTF-16 document was meant as JSON is how a client's mistake
 * turns into configuration nobody asked for; {@code 415} tells the client what to send instead. Ingest is not
 * bound by this: providers send whatever they send, and the relay passes it on byte for byte.
 */
final class JsonContentType {
    static final String JSON = "application/json";
    private static final String CHARSET = "charset";
    private static final String UTF_8 = "utf-8";

    private JsonContentType() {
    }

    /**
     * @param contentType the request's {@code Content-Type}, empty when it had none
     * @throws UnsupportedMediaTypeException when it is not JSON in UTF-8
     */
    static void require(String contentType) {
        String[] parts = contentType.split(";", -1);
        if (!parts[0].strip().equalsIgnoreCase(JSON)) {
            throw new UnsupportedMediaTypeException("the request body must be JSON sent with Content-Type: " + JSON);
        }
        for (int i = 1; i < parts.length; i++) {
            String[] parameter = parts[i].split("=", 2);
            if (parameter[0].strip().equalsIgnoreCase(CHARSET) && !isUtf8(parameter.length == 2 ? parameter[1] : "")) {
                throw new UnsupportedMediaTypeException("JSON is read as UTF-8 only: send charset=utf-8 or no charset");
            }
        }
    }

    private static boolean isUtf8(String value) {
        String unquoted = value.strip();
        if (unquoted.length() >= 2 && unquoted.startsWith("\"") && unquoted.endsWith("\"")) {
            unquoted = unquoted.substring(1, unquoted.length() - 1);
        }
        return unquoted.equalsIgnoreCase(UTF_8);
    }
}
