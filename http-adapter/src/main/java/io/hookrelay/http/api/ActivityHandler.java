package io.hookrelay.http.api;

import io.hookrelay.http.ActivityHistory;
import io.hookrelay.http.ActivitySample;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code GET /api/v1/stats/activity} → {@code {"samples":[{"at","accepted_per_s","delivered_per_s","failed_per_s",
 * "mean_lag_ms","pending_by_target"}]}}, oldest first: the caller's tenant's recent rates on this node, as the console's
 * overview charts them.
 */
final class ActivityHandler {
    private final ActivityHistory history;

    ActivityHandler(ActivityHistory history) {
        this.history = Objects.requireNonNull(history, "history");
    }

    record SampleJson(String at, double acceptedPerS, double deliveredPerS, double failedPerS, Double meanLagMs,
                      Map<String, Long> pendingByTarget) {
        static SampleJson of(ActivitySample sample) {
            return new SampleJson(JsonTimes.format(sample.at()), sample.acceptedPerSecond(), sample.deliveredPerSecond(),
                    sample.failedPerSecond(), sample.meanLagMillis().isPresent() ? sample.meanLagMillis().getAsDouble() : null,
                    sample.pendingByTarget());
        }
    }

    record ActivityJson(List<SampleJson> samples) {
    }

    void addTo(ApiEndpoints api) {
        api.get("/api/v1/stats/activity", request ->
                Reply.ok(new ActivityJson(history.samples(request.tenant()).stream().map(SampleJson::of).toList())));
    }
}
