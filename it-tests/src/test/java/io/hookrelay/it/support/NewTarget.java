package io.hookrelay.it.support;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/** A target as the API creates it; what is left empty takes the server's default. */
public record NewTarget(String id, String url, Optional<List<Integer>> retryScheduleSeconds, OptionalInt maxInFlight,
                        OptionalDouble rateLimitPerSecond, Optional<String> ordering, OptionalInt timeoutMillis) {
    public NewTarget {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(url, "url");
        retryScheduleSeconds = retryScheduleSeconds.map(List::copyOf);
        Objects.requireNonNull(maxInFlight, "maxInFlight");
        Objects.requireNonNull(rateLimitPerSecond, "rateLimitPerSecond");
        Objects.requireNonNull(ordering, "ordering");
        Objects.requireNonNull(timeoutMillis, "timeoutMillis");
    }

    public static NewTarget to(String id, Receiver receiver) {
        return at(id, receiver.url());
    }

    /** A target at any address, such as one the egress guard must refuse. */
    public static NewTarget at(String id, String url) {
        return new NewTarget(id, url, Optional.empty(), OptionalInt.empty(), OptionalDouble.empty(), Optional.empty(), OptionalInt.empty());
    }

    public NewTarget retrySchedule(Integer... seconds) {
        return new NewTarget(id, url, Optional.of(List.of(seconds)), maxInFlight, rateLimitPerSecond, ordering, timeoutMillis);
    }

    public NewTarget maxInFlight(int limit) {
        return new NewTarget(id, url, retryScheduleSeconds, OptionalInt.of(limit), rateLimitPerSecond, ordering, timeoutMillis);
    }

    public NewTarget rateLimitPerSecond(double perSecond) {
        return new NewTarget(id, url, retryScheduleSeconds, maxInFlight, OptionalDouble.of(perSecond), ordering, timeoutMillis);
    }

    /** One delivery at a time, in ingest order. */
    public NewTarget fifo() {
        return new NewTarget(id, url, retryScheduleSeconds, maxInFlight, rateLimitPerSecond, Optional.of("fifo"), timeoutMillis);
    }

    /** How long an attempt may wait for the receiver's answer. */
    public NewTarget timeout(Duration timeout) {
        return new NewTarget(id, url, retryScheduleSeconds, maxInFlight, rateLimitPerSecond, ordering,
                OptionalInt.of(Math.toIntExact(timeout.toMillis())));
    }

    /** The body of {@code POST /api/v1/targets}. */
    public String json() {
        ObjectNode target = JsonNodeFactory.instance.objectNode().put("id", id).put("url", url);
        retryScheduleSeconds.ifPresent(seconds -> {
            ArrayNode schedule = target.putArray("retry_schedule_s");
            seconds.forEach(schedule::add);
        });
        maxInFlight.ifPresent(limit -> target.put("max_in_flight", limit));
        rateLimitPerSecond.ifPresent(perSecond -> target.put("rate_limit_per_s", perSecond));
        ordering.ifPresent(order -> target.put("ordering", order));
        timeoutMillis.ifPresent(millis -> target.put("timeout_ms", millis));
        return target.toString();
    }
}
