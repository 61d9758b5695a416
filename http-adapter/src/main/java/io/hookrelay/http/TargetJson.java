package io.hookrelay.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.TargetView;
import java.time.Duration;
import java.util.List;

/**
 * A target as the API shows it. The signing secret appears once, in the answer to its create (the receiver
 * needs it to verify signatures); every other answer leaves the member out.
 */
record TargetJson(String id, String url, @JsonInclude(JsonInclude.Include.NON_NULL) String secret, long timeoutMs,
                  List<Long> retryScheduleS, int maxInFlight, boolean paused) {

    static TargetJson of(TargetView view) {
        return of(view.target(), null, view.paused());
    }

    /** A target just created: with its secret, and not paused, since nothing has happened to it yet. */
    static TargetJson created(Target target) {
        return of(target, target.secret(), false);
    }

    private static TargetJson of(Target target, String secret, boolean paused) {
        return new TargetJson(target.id(), target.url().toString(), secret, target.timeout().toMillis(),
                target.retrySchedule().stream().map(Duration::toSeconds).toList(), target.maxInFlight(), paused);
    }
}
