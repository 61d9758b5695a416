package io.hookrelay.delivery;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A page of items and, when more may follow, the id to continue below. */
public record Page<T>(List<T> items, Optional<String> nextBefore) {
    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(nextBefore, "nextBefore");
    }
}
