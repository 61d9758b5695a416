package io.hookrelay.http;

import io.hookrelay.delivery.Cursors;
import io.hookrelay.delivery.InvalidRequestException;
import io.hookrelay.delivery.PageRequest;
import java.util.Optional;
import java.util.Set;

/** The {@code limit} and {@code cursor} query parameters of paged lists. */
final class Paging {
    static final Set<String> PARAMETERS = Set.of("limit", "cursor");

    private Paging() {
    }

    /**
     * @param idPrefix the prefix of the listed ids, which a cursor must carry: a cursor from the events list
     *                 is refused by the deliveries list rather than silently paging from nowhere
     */
    static PageRequest pageRequest(ApiRequest request, String idPrefix) {
        int limit = request.queryParameter("limit").map(Paging::limit).orElse(PageRequest.DEFAULT_LIMIT);
        Optional<String> before = request.queryParameter("cursor").map(cursor -> Cursors.decode(cursor, idPrefix));
        return new PageRequest(limit, before);
    }

    private static int limit(String value) {
        // Digits only: no sign, no spaces, and few enough that parsing cannot overflow.
        if (!value.matches("[0-9]{1,9}")) {
            throw new InvalidRequestException("limit must be an integer between 1 and " + PageRequest.LARGEST_LIMIT);
        }
        return Integer.parseInt(value);
    }
}
