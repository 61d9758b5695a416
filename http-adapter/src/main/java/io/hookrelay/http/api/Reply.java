package io.hookrelay.http.api;

import io.undertow.util.StatusCodes;
import java.util.Optional;

/** An endpoint's answer: a status and, unless it is {@code 204}, a body written as JSON. */
record Reply(int status, Optional<Object> body) {

    static Reply ok(Object body) {
        return new Reply(StatusCodes.OK, Optional.of(body));
    }

    static Reply created(Object body) {
        return new Reply(StatusCodes.CREATED, Optional.of(body));
    }

    static Reply accepted(Object body) {
        return new Reply(StatusCodes.ACCEPTED, Optional.of(body));
    }

    static Reply noContent() {
        return new Reply(StatusCodes.NO_CONTENT, Optional.empty());
    }
}
