package io.hookrelay.http.api;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.hookrelay.delivery.model.DeliveryDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import java.util.List;

/** One delivery with its attempt log, oldest attempt first. */
record DeliveryDetailJson(@JsonUnwrapped DeliveryJson delivery, List<AttemptJson> attemptLog) {

    /**
     * One attempt: {@code outcome} is {@code success}, {@code error}, {@code stop} (failed for good),
     * {@code no_handler} or {@code abandoned} (begun and never settled: its node stopped or lost its claim);
     * {@code status_code} is null when no response came back, {@code error} is null when the attempt succeeded,
     * {@code response_excerpt} is null when the receiver's answer had no body.
     */
    record AttemptJson(int attempt, String outcome, String startedAt, long durationMs, Integer statusCode, String error,
                       String responseExcerpt) {
        static AttemptJson of(AttemptRecord attempt) {
            String excerpt = attempt.detail().excerpt();
            return new AttemptJson(attempt.attempt(), attempt.outcome().label(), JsonTimes.format(attempt.startedAt()),
                    attempt.duration().toMillis(),
                    attempt.detail().statusCode().orElse(null),
                    attempt.outcome() == AttemptOutcome.SUCCESS ? null : attempt.error(),
                    excerpt.isEmpty() ? null : excerpt);
        }
    }

    static DeliveryDetailJson of(DeliveryDetail detail) {
        return new DeliveryDetailJson(DeliveryJson.of(detail.delivery()),
                detail.attemptLog().stream().map(AttemptJson::of).toList());
    }
}
