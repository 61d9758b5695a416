package io.hookrelay.http;

import java.util.Map;

/** The values a request's path gave a route's placeholders, by placeholder name. */
record PathParameters(Map<String, String> values) {
    PathParameters {
        values = Map.copyOf(values);
    }

    String get(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalStateException("the route has no placeholder {" + name + "}");
        }
        return value;
    }
}
