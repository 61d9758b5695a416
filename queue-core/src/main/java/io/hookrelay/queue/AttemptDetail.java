package io.hookrelay.queue;

import java.util.Objects;
import java.util.Optional;

/**
 * What a handler learnt from the other side during one attempt, kept in the attempt log.
 *
 * @param statusCode the status the counterpart answered with (an HTTP status, for a relay), if it answered
 * @param excerpt    the start of its answer, at most {@link #MAX_EXCERPT_CHARS} characters, so an operator
 *                   can see why a receiver refused without the log growing with every large error page
 */
public record AttemptDetail(Optional<Integer> statusCode, String excerpt) {
    public static final int MAX_EXCERPT_CHARS = 4096;
    public static final AttemptDetail NONE = new AttemptDetail(Optional.empty(), "");

    public AttemptDetail {
        Objects.requireNonNull(statusCode, "statusCode");
        Objects.requireNonNull(excerpt, "excerpt");
        excerpt = TextLimit.cut(excerpt, MAX_EXCERPT_CHARS);
    }
}
