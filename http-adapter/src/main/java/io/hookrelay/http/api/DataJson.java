package io.hookrelay.http.api;

import java.util.List;
import java.util.function.Function;

/** A whole list: {@code {"data":[...]}}, an object so that members can be added without breaking clients. */
record DataJson<T>(List<T> data) {

    static <D, T> DataJson<T> of(List<D> items, Function<D, T> toJson) {
        return new DataJson<>(items.stream().map(toJson).toList());
    }
}
