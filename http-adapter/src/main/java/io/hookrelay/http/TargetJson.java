package io.hookrelay.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hookrelay.delivery.RateLimit;
import io.hookrelay.delivery.SignatureScheme;
import io.hookrelay.delivery.StandardWebhooks;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.TargetView;
import java.time.Duration;
import java.util.List;

/**
 * A target as the API shows it. The signing secret appears only in the answers to its create and to a rotation
 * (the receiver needs it to verify signatures); every other answer leaves the member out. A {@code v1a} target
 * shows its {@code public_key}, which is no secret; a rotated one, until when its previous secret still signs.
 */
record TargetJson(String id, String url, @JsonInclude(JsonInclude.Include.NON_NULL) String secret, long timeoutMs,
                  List<Long> retryScheduleS, int maxInFlight, boolean paused, String signature, Double rateLimitPerS,
                  @JsonInclude(JsonInclude.Include.NON_NULL) String publicKey,
                  @JsonInclude(JsonInclude.Include.NON_NULL) String previousSecretUntil) {

    static TargetJson of(TargetView view) {
        return of(view.target(), null, view.paused());
    }

    /** A target just created: with its secret, and not paused, since nothing has happened to it yet. */
    static TargetJson created(Target target) {
        return of(target, target.secret(), false);
    }

    /** A target whose secret was just rotated: with the new secret. */
    static TargetJson withSecret(TargetView view) {
        return of(view.target(), view.target().secret(), view.paused());
    }

    private static TargetJson of(Target target, String secret, boolean paused) {
        return new TargetJson(target.id(), target.url().toString(), secret, target.timeout().toMillis(),
                target.retrySchedule().stream().map(Duration::toSeconds).toList(), target.maxInFlight(), paused,
                target.signature().wireName(), target.rateLimit().map(RateLimit::perSecond).orElse(null),
                target.signature() == SignatureScheme.V1A ? StandardWebhooks.publicKey(target.secret()) : null,
                target.previousSecret().map(previous -> JsonTimes.format(previous.until())).orElse(null));
    }
}
