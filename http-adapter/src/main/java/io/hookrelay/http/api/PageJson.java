package io.hookrelay.http.api;

import io.hookrelay.delivery.query.Cursors;
import io.hookrelay.delivery.query.Page;
import java.util.List;
import java.util.function.Function;

/**
 * One page of a list: {@code {"data":[...],"next_cursor":…}}; {@code next_cursor} is null on the last page
 * and otherwise goes back as {@code ?cursor=} for the next one.
 */
record PageJson<T>(List<T> data, String nextCursor) {

    static <D, T> PageJson<T> of(Page<D> page, Function<D, T> toJson) {
        return new PageJson<>(page.items().stream().map(toJson).toList(), page.nextBefore().map(Cursors::encode).orElse(null));
    }
}
