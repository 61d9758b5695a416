package io.hookrelay.http.api;

import io.undertow.util.StatusCodes;
import java.util.Optional;

/**
 * An endpoint's answer: a status and, unless it is {@code 204}, a body written as JSON.
 *
 * @param changedNothing whether a request that could change something did not (a dry run), so nothing is audited
 */
record Reply(int status, Optional<Object> body, boolean changedNothing) {

    /** A body that names what a request made or changed, such as a created source: the audit log records its id. */
    interface Identified {
        String id();
    }

    static Reply ok(Object body) {
        return new Reply(StatusCodes.OK, Optional.of(body), false);
    }

    /** A {@code 200} to a request that only said what it would do. */
    static Reply okUnchanged(Object body) {
        return new Reply(StatusCodes.OK, Optional.of(body), true);
    }

    static Reply created(Object body) {
        return new Reply(StatusCodes.CREATED, Optional.of(body), false);
    }

    static Reply accepted(Object body) {
        return new Reply(StatusCodes.ACCEPTED, Optional.of(body), false);
    }

    static Reply noContent() {
        return new Reply(StatusCodes.NO_CONTENT, Optional.empty(), false);
    }

    /** The id of what the body names, if it names one. */
    Optional<String> identified() {
        return body.filter(Identified.class::isInstance).map(named -> ((Identified) named).id());
    }
}
