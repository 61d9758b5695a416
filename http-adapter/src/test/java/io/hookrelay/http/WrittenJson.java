package io.hookrelay.http;

import java.nio.charset.StandardCharsets;

/** A value as the API's one JSON mapper writes it, for tests of the JSON shapes outside this package. */
public final class WrittenJson {
    private WrittenJson() {
    }

    public static String of(Object value) {
        return new String(Json.write(value), StandardCharsets.UTF_8);
    }
}
