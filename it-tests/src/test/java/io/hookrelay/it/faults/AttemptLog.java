package io.hookrelay.it.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.queue.ScheduleBackoff;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/** A delivery's {@code attempt_log} as the API shows it, and the checks DESIGN §4's schedule asks of it. */
final class AttemptLog {
    private AttemptLog() {
    }

    /** One logged attempt; times in the whole milliseconds the relay keeps. */
    record Attempt(int number, Instant startedAt, Duration took, Optional<Integer> statusCode, String error, String excerpt) {
        Instant endedAt() {
            return startedAt.plus(took);
        }
    }

    static List<Attempt> of(JsonNode delivery) {
        List<Attempt> attempts = new ArrayList<>();
        delivery.path("attempt_log").forEach(entry -> attempts.add(new Attempt(entry.path("attempt").asInt(),
                Instant.parse(entry.path("started_at").asText()), Duration.ofMillis(entry.path("duration_ms").asLong()),
                entry.path("status_code").isNull() ? Optional.empty() : Optional.of(entry.path("status_code").asInt()),
                entry.path("error").asText(""), entry.path("response_excerpt").asText(""))));
        return attempts;
    }

    /** How long the relay waited between the end of each attempt and the start of the next. */
    static List<Duration> waits(JsonNode delivery) {
        List<Attempt> attempts = of(delivery);
        return IntStream.range(1, attempts.size())
                .mapToObj(i -> Duration.between(attempts.get(i - 1).endedAt(), attempts.get(i).startedAt())).toList();
    }

    /**
     * Asserts that the log numbers the delivery's attempts 1, 2, … and that no retry came sooner than the
     * schedule allows: each began at least the wait that the relay's own policy ({@link ScheduleBackoff} on the
     * target's schedule, jitter included, which is deterministic per delivery and attempt) gives after the
     * attempt before it ended, and the last one no sooner than the due time the delivery kept, while it shows one
     * (an ended delivery does not). Exact, with no tolerance: the relay reckons the wait from a moment after the attempt's logged end, and rounds times down
     * to the millisecond as the log does. Waits much longer than planned show as a test that times out.
     */
    static void assertNoRetryEarly(JsonNode delivery, List<Integer> scheduleSeconds) {
        String id = delivery.path("id").asText();
        List<Attempt> attempts = of(delivery);
        assertThat(attempts).extracting(Attempt::number)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, delivery.path("attempts").asInt()).boxed().toList());
        ScheduleBackoff policy = new ScheduleBackoff(scheduleSeconds.stream().map(Duration::ofSeconds).toList());
        for (int i = 1; i < attempts.size(); i++) {
            Duration planned = policy.delayAfter(id, i).orElseThrow(() -> new AssertionError("retried past the schedule: " + delivery));
            Duration waited = Duration.between(attempts.get(i - 1).endedAt(), attempts.get(i).startedAt());
            assertThat(waited).as("wait before attempt %d of %s (planned %s)", i + 1, id, planned).isGreaterThanOrEqualTo(planned);
        }
        if (!delivery.path("next_at").isNull()) {
            Instant due = Instant.parse(delivery.path("next_at").asText());
            assertThat(attempts.get(attempts.size() - 1).startedAt()).as("last attempt of %s vs its due time", id).isAfterOrEqualTo(due);
        }
    }
}
