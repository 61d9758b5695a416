package io.hookrelay.delivery.query;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a newest-first list: at most {@code limit} items with ids below {@code before}. Keyset
 * pagination on sortable ids keeps pages stable while new items arrive, unlike offsets.
 */
public record PageRequest(int limit, Optional<String> before) {
    public static final int DEFAULT_LIMIT = 50;
    public static final int LARGEST_LIMIT = 500;

    public PageRequest {
        if (limit < 1 || limit > LARGEST_LIMIT) {
            throw new InvalidRequestException("limit must be between 1 and " + LARGEST_LIMIT);
        }
        Objects.requireNonNull(before, "before");
    }

    /**
     * What a store's query continues below: {@code before}, or for the first page a bound above every id.
     * Every id of the relay is ASCII letters, digits, {@code _} and {@code -}, all of which sort before
     * {@code ~} byte by byte; a bound to compare with, rather than a condition that may be absent, keeps the
     * query a range scan of its index.
     */
    private static final String ABOVE_EVERY_ID = "~";

    public static PageRequest first(int limit) {
        return new PageRequest(limit, Optional.empty());
    }

    /** The id a store's newest-first query fetches below. */
    public String fetchBelow() {
        return before.orElse(ABOVE_EVERY_ID);
    }

    /** How many rows a store fetches: one more than the page holds, which only tells whether another follows. */
    public int fetchSize() {
        return limit + 1;
    }
}
