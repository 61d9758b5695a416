package io.hookrelay.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A route's path, such as {@code /api/v1/targets/{id}/pause}: literal segments and named placeholders, each
 * placeholder matching one non-empty segment. {@link #MOST_SPECIFIC_FIRST} orders templates so that where
 * two match the same path, the one with a literal segment earlier wins ({@code /deliveries/retry} over
 * {@code /deliveries/{id}}).
 */
record PathTemplate(String text, List<String> segments) {
    static final Comparator<PathTemplate> MOST_SPECIFIC_FIRST = PathTemplate::compareSpecificity;

    PathTemplate {
        segments = List.copyOf(segments);
    }

    static PathTemplate parse(String text) {
        if (!text.startsWith("/")) {
            throw new IllegalArgumentException("a path template starts with /: " + text);
        }
        List<String> segments = Arrays.asList(text.substring(1).split("/", -1));
        for (String segment : segments) {
            if (segment.isEmpty() || (segment.contains("{") || segment.contains("}")) && !isPlaceholder(segment)) {
                throw new IllegalArgumentException("not a path template: " + text);
            }
        }
        return new PathTemplate(text, segments);
    }

    /** @return the placeholders' values when {@code path} matches */
    Optional<Map<String, String>> match(String path) {
        if (!path.startsWith("/")) {
            return Optional.empty();
        }
        String[] parts = path.substring(1).split("/", -1);
        if (parts.length != segments.size()) {
            return Optional.empty();
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < parts.length; i++) {
            String segment = segments.get(i);
            if (isPlaceholder(segment)) {
                if (parts[i].isEmpty()) {
                    return Optional.empty();
                }
                values.put(segment.substring(1, segment.length() - 1), parts[i]);
            } else if (!segment.equals(parts[i])) {
                return Optional.empty();
            }
        }
        return Optional.of(values);
    }

    /** The template with its placeholder names blanked: two templates with the same shape match the same paths. */
    String shape() {
        List<String> shape = new ArrayList<>();
        for (String segment : segments) {
            shape.add(isPlaceholder(segment) ? "{}" : segment);
        }
        return "/" + String.join("/", shape);
    }

    private static boolean isPlaceholder(String segment) {
        return segment.length() > 2 && segment.startsWith("{") && segment.endsWith("}")
                && segment.indexOf('{', 1) < 0 && segment.indexOf('}') == segment.length() - 1;
    }

    private static int compareSpecificity(PathTemplate a, PathTemplate b) {
        for (int i = 0; i < Math.min(a.segments.size(), b.segments.size()); i++) {
            int byKind = Boolean.compare(isPlaceholder(a.segments.get(i)), isPlaceholder(b.segments.get(i)));
            if (byKind != 0) {
                return byKind;
            }
        }
        int byLength = Integer.compare(a.segments.size(), b.segments.size());
        return byLength != 0 ? byLength : a.text.compareTo(b.text);
    }
}
