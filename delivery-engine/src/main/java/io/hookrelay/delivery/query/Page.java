package io.hookrelay.delivery.query;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/** A page of items and, when more may follow, the id to continue below. */
public record Page<T>(List<T> items, Optional<String> nextBefore) {
    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(nextBefore, "nextBefore");
    }

    /**
     * The page a store's newest-first query answered {@code request} with.
     *
     * @param fetched at most {@link PageRequest#fetchSize()} rows, newest first
     */
    public static <T> Page<T> of(List<T> fetched, PageRequest request, Function<T, String> id) {
        if (fetched.size() <= request.limit()) {
            return new Page<>(fetched, Optional.empty());
        }
        List<T> items = fetched.subList(0, request.limit());
        return new Page<>(items, Optional.of(id.apply(items.get(items.size() - 1))));
    }
}
