package io.hookrelay.delivery;

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

    public static PageRequest first(int limit) {
        return new PageRequest(limit, Optional.empty());
    }
}
