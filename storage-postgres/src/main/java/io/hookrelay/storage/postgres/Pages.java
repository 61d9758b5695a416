package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.Page;
import io.hookrelay.delivery.PageRequest;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Newest-first keyset pages: a query fetches ids below {@link #before} in descending order, one row more
 * than {@link PageRequest#limit()}, and that extra row only tells whether another page follows.
 */
final class Pages {
    /**
     * What the first page continues below. Every id in the relay's tables is ASCII letters, digits, {@code _}
     * and {@code -}, all of which sort before {@code ~} in the ids' {@code "C"} collation; a bound to compare
     * with, rather than a condition that may be absent, keeps the query a range scan of its index.
     */
    private static final String ABOVE_EVERY_ID = "~";

    private Pages() {
    }

    static String before(PageRequest request) {
        return request.before().orElse(ABOVE_EVERY_ID);
    }

    static int fetchSize(PageRequest request) {
        return request.limit() + 1;
    }

    /** @param fetched at most {@link #fetchSize} rows, newest first */
    static <T> Page<T> of(List<T> fetched, PageRequest request, Function<T, String> id) {
        if (fetched.size() <= request.limit()) {
            return new Page<>(fetched, Optional.empty());
        }
        List<T> items = fetched.subList(0, request.limit());
        return new Page<>(items, Optional.of(id.apply(items.get(items.size() - 1))));
    }
}
