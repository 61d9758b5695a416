package io.hookrelay.cli.client;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A management API path with its query, each piece percent-encoded: ids come from the command line, and an
 * id with a slash, a question mark or nothing but dots must still name one resource rather than another path.
 */
public final class ApiPath {
    private static final String PREFIX = "/api/v1";

    private final String path;
    private final List<String> query = new ArrayList<>();

    private ApiPath(String path) {
        this.path = path;
    }

    /** {@code /api/v1/} followed by the segments, each encoded. */
    public static ApiPath of(String... segments) {
        StringBuilder path = new StringBuilder(PREFIX);
        for (String segment : segments) {
            path.append('/').append(encode(segment));
        }
        return new ApiPath(path.toString());
    }

    /** Adds a query parameter, or nothing when the value was not given. */
    public ApiPath param(String name, Object value) {
        if (value != null) {
            query.add(encode(name) + "=" + encode(value.toString()));
        }
        return this;
    }

    @Override
    public String toString() {
        return query.isEmpty() ? path : path + "?" + String.join("&", query);
    }

    /** RFC 3986 percent-encoding of everything but the unreserved characters other than the dot. */
    private static String encode(String text) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '~') {
                encoded.append((char) c);
            } else {
                encoded.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return encoded.toString();
    }
}
