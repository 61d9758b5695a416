package io.hookrelay.it.tenants;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Json;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.StreamSupport;

/**
 * Every tenant-scoped route of the management API, called in tenant B with the ids of tenant A's resources: what A
 * alone holds (events, deliveries, routes by their global ids) is {@code 404} exactly as an id that does not exist, lists
 * and counts hold none of A's, and what both have under one id (the source {@code github}, the target {@code ci}) is
 * B's. With {@code readOnly}, every change is {@code 403} instead. A holds a source {@code github} routed to targets
 * {@code ci} and {@code gone} (which answered 410: one failed delivery, one operator event, the one failed attempt
 * charted); B a source {@code github} of {@code max_body_bytes} 2048 routed to its own {@code ci}, which answers 200.
 *
 * @param eventId    A's event, which holds idempotency key {@code key-1}
 * @param deliveryId A's delivery of it to {@code ci}
 * @param routeId    A's route from {@code github} to {@code ci}
 * @param bTargetUrl where B's {@code ci} points
 */
record IsolationSweep(String eventId, String deliveryId, String routeId, String bTargetUrl) {

    /** What a call must answer, and why. */
    private record Call(String method, String path, String body, boolean changes, Predicate<ApiResponse> holds, String what) {
    }

    /** @return the calls whose answers broke the rules, each with what it answered; none when B is sealed off */
    List<String> run(ApiClient caller, Map<String, String> headers, boolean readOnly) {
        List<String> broken = new ArrayList<>();
        for (Call call : calls()) {
            ApiResponse answer = send(caller, headers, call);
            boolean holds = readOnly && call.changes() ? answer.status() == 403 : call.holds().test(answer);
            if (!holds) {
                broken.add(call.method() + " " + call.path() + " (" + call.what() + "): " + answer.status() + " " + answer.body());
            }
        }
        return broken;
    }

    private List<Call> calls() {
        String event = "/api/v1/events/" + eventId;
        String delivery = "/api/v1/deliveries/" + deliveryId;
        return List.of(
                read(event, IsolationSweep::notFound, "A's event"),
                read(delivery, IsolationSweep::notFound, "A's delivery"),
                change("POST", event + "/replay", null, IsolationSweep::notFound, "A's event replayed"),
                change("POST", delivery + "/retry", null, IsolationSweep::notFound, "A's delivery retried"),
                change("POST", delivery + "/cancel", null, IsolationSweep::notFound, "A's delivery cancelled"),
                change("DELETE", "/api/v1/routes/" + routeId, null, IsolationSweep::notFound, "A's route deleted"),
                read("/api/v1/events", this::holdsNoneOfA, "events"),
                read("/api/v1/events?source=github", this::holdsNoneOfA, "events of github"),
                read("/api/v1/events?source=github&idempotency_key=key-1", this::holdsNoneOfA, "A's idempotency key"),
                read("/api/v1/deliveries", this::holdsNoneOfA, "deliveries"),
                read("/api/v1/deliveries?event=" + eventId, this::holdsNoneOfA, "deliveries of A's event"),
                read("/api/v1/deliveries?target=ci", this::holdsNoneOfA, "deliveries to ci"),
                read("/api/v1/deliveries?state=failed", this::holdsNoneOfA, "failed deliveries"),
                read("/api/v1/routes", this::holdsNoneOfA, "routes"),
                read("/api/v1/operator-events", this::holdsNoneOfA, "operator events"),
                read("/api/v1/stats/pending", answer -> answer.status() == 200 && !answer.body().contains("gone"), "pending counts"),
                read("/api/v1/stats/activity", IsolationSweep::chartsNoFailure, "activity charts"),
                read("/api/v1/audit?tenant=acme", this::holdsNoneOfA, "B's audit log"),
                read("/api/v1/settings", answer -> answer.status() == 200 && json(answer).path("operator_target").isNull(), "settings"),
                read("/api/v1/sources/github", answer -> answer.status() == 200 && json(answer).path("max_body_bytes").asInt() == 2048,
                        "B's own github"),
                read("/api/v1/targets/gone", IsolationSweep::notFound, "A's target gone"),
                read("/api/v1/targets/ci", answer -> answer.status() == 200 && json(answer).path("url").asText().equals(bTargetUrl),
                        "B's own ci"),
                change("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\",\"dry_run\":true}",
                        answer -> answer.status() == 200 && json(answer).path("would_retry").asInt() == 0, "A's failed deliveries counted"),
                change("POST", "/api/v1/deliveries/retry", "{\"state\":\"failed\"}",
                        answer -> answer.status() == 200 && json(answer).path("retried").asInt() == 0, "A's failed deliveries retried"),
                change("PUT", "/api/v1/sources/github", "{\"id\":\"github\",\"max_body_bytes\":2048}", IsolationSweep::ok,
                        "B's github replaced"),
                change("POST", "/api/v1/targets/ci/pause", null, IsolationSweep::ok, "B's ci paused"),
                change("POST", "/api/v1/targets/ci/resume", null, IsolationSweep::ok, "B's ci resumed"),
                change("POST", "/api/v1/targets/ci/rotate-secret", "{\"grace_s\":0}", IsolationSweep::ok, "B's ci rotated"),
                change("POST", "/api/v1/targets/gone/pause", null, IsolationSweep::notFound, "A's gone paused"),
                change("DELETE", "/api/v1/targets/gone", null, IsolationSweep::notFound, "A's gone deleted"),
                change("PUT", "/api/v1/settings", "{\"operator_target\":\"gone\"}", answer -> answer.status() == 400,
                        "A's target as B's operator target"),
                change("POST", "/api/v1/routes", "{\"source\":\"github\",\"target\":\"gone\"}", IsolationSweep::notFound,
                        "a route to A's target"));
    }

    private static Call read(String path, Predicate<ApiResponse> holds, String what) {
        return new Call("GET", path, null, false, holds, what);
    }

    private static Call change(String method, String path, String body, Predicate<ApiResponse> holds, String what) {
        return new Call(method, path, body, true, holds, what);
    }

    private static ApiResponse send(ApiClient caller, Map<String, String> headers, Call call) {
        Map<String, String> sent = new HashMap<>(headers);
        if (call.body() != null) {
            sent.put("Content-Type", "application/json");
        }
        return caller.send(call.method(), call.path(), call.body() == null
                ? BodyPublishers.noBody()
                : BodyPublishers.ofString(call.body(), StandardCharsets.UTF_8), sent);
    }

    private boolean holdsNoneOfA(ApiResponse answer) {
        return answer.status() == 200 && !answer.body().contains(eventId) && !answer.body().contains(deliveryId)
                && !answer.body().contains(routeId) && !answer.body().contains("gone");
    }

    /** B never failed an attempt, so a failure charted is A's; and {@code gone} is A's target alone. */
    private static boolean chartsNoFailure(ApiResponse answer) {
        return answer.status() == 200 && !answer.body().contains("gone")
                && StreamSupport.stream(json(answer).path("samples").spliterator(), false)
                        .allMatch(sample -> sample.path("failed_per_s").asDouble() == 0);
    }

    private static boolean notFound(ApiResponse answer) {
        return answer.status() == 404;
    }

    private static boolean ok(ApiResponse answer) {
        return answer.status() == 200;
    }

    private static JsonNode json(ApiResponse answer) {
        return Json.parse(answer.body());
    }
}
