package io.hookrelay.http.api;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.query.Cursors;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.http.ApiRequest;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The {@code limit} and {@code cursor} query parameters of paged lists. */
final class Paging {
    private Paging() {
    }

    /** The query parameters of a paged list: {@code filters}, and {@code limit} and {@code cursor}. */
    static Set<String> parametersWith(String... filters) {
        return Stream.concat(Stream.of("limit", "cursor"), Stream.of(filters)).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * @param idPrefix the prefix of the listed ids, which a cursor must carry: a cursor from the events list
     *                 is refused by the deliveries list rather than silently paging from nowhere
     */
    static PageRequest pageRequest(ApiRequest request, String idPrefix) {
        int limit = limit(request);
        Optional<String> before = request.queryParameter("cursor").map(cursor -> Cursors.decode(cursor, idPrefix));
        return new PageRequest(limit, before);
    }

    /** The page size asked for, or the default; one a page cannot have is refused. */
    static int limit(ApiRequest request) {
        return PageRequest.first(request.queryParameter("limit").map(Paging::limit).orElse(PageRequest.DEFAULT_LIMIT)).limit();
    }

    private static int limit(String value) {
        // Digits only: no sign, no spaces, and few enough that parsing cannot overflow.
        if (!value.matches("[0-9]{1,9}")) {
            throw new InvalidRequestException("limit must be an integer between 1 and " + PageRequest.LARGEST_LIMIT);
        }
        return Integer.parseInt(value);
    }
}
