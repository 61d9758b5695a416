package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.client.ApiJson;
import java.util.ArrayList;
import java.util.List;

/**
 * A target as {@code POST /api/v1/targets} and {@code PUT /api/v1/targets/{id}} take it. A member left null is left
 * out of the request: a create takes the server's default for it, and a replace without a secret keeps the target's.
 */
record TargetBody(String id, String url, String secret, Integer timeoutMs, List<Long> retryScheduleS, Integer maxInFlight,
                  Double rateLimitPerS, String signature, String ordering) {

    /** A new target: where it is, and the server's defaults for everything else. */
    static TargetBody of(String id, String url) {
        return new TargetBody(id, url, null, null, null, null, null, null, null);
    }

    /**
     * What keeps {@code target}, as the API shows it, as it is: a replace is the whole target, and a setting left out
     * would go back to its default. The secret is never shown and the scheme goes with it, so neither is sent.
     */
    static TargetBody shown(JsonNode target) {
        List<Long> retrySchedule = new ArrayList<>();
        target.path("retry_schedule_s").forEach(wait -> retrySchedule.add(wait.asLong()));
        JsonNode rateLimit = target.path("rate_limit_per_s");
        return new TargetBody(ApiJson.text(target, "id"), ApiJson.text(target, "url"), null, target.path("timeout_ms").asInt(),
                retrySchedule, target.path("max_in_flight").asInt(), rateLimit.isNumber() ? rateLimit.asDouble() : null, null,
                ApiJson.text(target, "ordering"));
    }

    /** This target at {@code newUrl}, or where it is when that is null. */
    TargetBody at(String newUrl) {
        return newUrl == null ? this
                : new TargetBody(id, newUrl, secret, timeoutMs, retryScheduleS, maxInFlight, rateLimitPerS, signature, ordering);
    }

    @Override
    public String toString() {
        return "TargetBody[id=" + id + ", url=" + url + ", secret=" + (secret == null ? "(none)" : "(hidden)") + "]";
    }
}
