package io.hookrelay.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.function.Function;

/**
 * Prints a list answer ({@code {"data":[...]}}, plus {@code next_cursor} when paged) as a table, or a
 * sentence when it is empty, followed by how to ask for the next page.
 */
public final class Listing {
    private Listing() {
    }

    public static void print(JsonNode answer, String whenEmpty, TextTable table, Function<JsonNode, Object[]> row,
            PrintWriter out) {
        JsonNode data = answer.path("data");
        if (data.isEmpty()) {
            out.println(whenEmpty);
        } else {
            data.forEach(item -> table.row(row.apply(item)));
            table.print(out);
        }
        JsonNode next = answer.path("next_cursor");
        if (next.isTextual()) {
            out.println("next page: --cursor " + next.asText());
        }
    }
}
