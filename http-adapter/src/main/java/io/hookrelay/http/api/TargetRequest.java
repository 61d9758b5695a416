package io.hookrelay.http.api;

import io.hookrelay.delivery.model.DeliveryOrdering;
import io.hookrelay.delivery.model.RateLimit;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TargetDraft;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A target as a client writes it, for {@code POST /api/v1/targets} and {@code PUT /api/v1/targets/{id}}:
 * {@code id} (on create) and {@code url} are required, the rest defaults, so a PUT is always the full
 * settings ({@code rate_limit_per_s} left out is no limit, {@code ordering} left out is {@code none}). Without {@code secret} a create generates one (of
 * {@code signature}'s kind, v1 by default) and a replace keeps the current one. Whether the target is paused is not
 * part of it: that changes only through pause and resume.
 */
record TargetRequest(String id, String url, String secret, Long timeoutMs, List<Long> retryScheduleS, Integer maxInFlight,
                     Double rateLimitPerS, String signature, String ordering) {

    /** The target a create asks for; its id comes from the body. */
    TargetDraft toDraft() {
        return toDraft(Fields.required(id, "id"));
    }

    /** The target a replace asks for; its id is the path's. */
    TargetDraft toReplacement(String pathId) {
        return toDraft(Fields.pathId(id, pathId));
    }

    private TargetDraft toDraft(String targetId) {
        return new TargetDraft(targetId, Target.parseUrl(Fields.required(url, "url")), Optional.ofNullable(secret),
                timeoutMs == null ? Target.DEFAULT_TIMEOUT : Duration.ofMillis(timeoutMs),
                retryScheduleS == null ? Target.DEFAULT_RETRY_SCHEDULE : retryScheduleS.stream().map(Duration::ofSeconds).toList(),
                maxInFlight == null ? Target.DEFAULT_MAX_IN_FLIGHT : maxInFlight,
                Optional.ofNullable(rateLimitPerS).map(RateLimit::new),
                Optional.ofNullable(signature).map(Fields::signature),
                ordering == null ? DeliveryOrdering.NONE : Fields.ordering(ordering));
    }

    @Override
    public String toString() {
        return "TargetRequest[id=" + id + ", url=" + url + ", secret=" + (secret == null ? "(none)" : "(hidden)") + "]";
    }
}
