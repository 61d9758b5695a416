package io.hookrelay.http.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hookrelay.delivery.model.BlockingDelivery;
import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetView;
import io.hookrelay.delivery.signing.SignatureScheme;
import io.hookrelay.delivery.signing.StandardWebhooks;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A target as the API shows it. The signing secret appears only in the answers to its create and to a rotation
 * (the receiver needs it to verify signatures); every other answer leaves the member out. A {@code v1a} target
 * shows its {@code public_key}, which is no secret; a rotated one, until when its previous secret still signs.
 * {@code blocked_by} is the failing delivery a {@code fifo} target's later deliveries wait for, or null.
 */
record TargetJson(String id, String url, @JsonInclude(JsonInclude.Include.NON_NULL) String secret, long timeoutMs,
                  List<Long> retryScheduleS, int maxInFlight, boolean paused, String signature, Double rateLimitPerS,
                  @JsonInclude(JsonInclude.Include.NON_NULL) String publicKey,
                  @JsonInclude(JsonInclude.Include.NON_NULL) String previousSecretUntil, String ordering,
                  BlockedByJson blockedBy) implements Reply.Identified {

    /** A delivery holding a FIFO target's line back. */
    record BlockedByJson(String deliveryId, String eventId, String state, int attempts, String nextAt, String lastError) {
        static BlockedByJson of(BlockingDelivery head) {
            return new BlockedByJson(head.deliveryId(), head.eventId(), head.state().wireName(), head.attempts(),
                    JsonTimes.format(head.nextAt()), head.lastError());
        }
    }

    static TargetJson of(TargetView view) {
        return of(view.target(), null, view.paused(), view.blockedBy());
    }

    /** A target just created: with its secret, and not paused or blocked, since nothing has happened to it yet. */
    static TargetJson created(Target target) {
        return of(target, target.secret(), false, Optional.empty());
    }

    /** A target whose secret was just rotated: with the new secret. */
    static TargetJson withSecret(TargetView view) {
        return of(view.target(), view.target().secret(), view.paused(), view.blockedBy());
    }

    private static TargetJson of(Target target, String secret, boolean paused, Optional<BlockingDelivery> blockedBy) {
        return new TargetJson(target.id(), target.url().toString(), secret, target.timeout().toMillis(),
                target.retrySchedule().stream().map(Duration::toSeconds).toList(), target.maxInFlight(), paused,
                target.signature().wireName(), target.rateLimit().map(RateLimit::perSecond).orElse(null),
                target.signature() == SignatureScheme.V1A ? StandardWebhooks.publicKey(target.secret()) : null,
                target.previousSecret().map(previous -> JsonTimes.format(previous.until())).orElse(null),
                target.ordering().wireName(), blockedBy.map(BlockedByJson::of).orElse(null));
    }
}
