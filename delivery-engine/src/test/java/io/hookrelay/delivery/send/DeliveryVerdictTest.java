package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookResponse;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.ScheduleBackoff;
import io.hookrelay.queue.Verdict;
import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliveryVerdictTest {
    private static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");
    private static final Duration CAP = Duration.ofHours(24);
    private static final RetryPolicy SCHEDULE = new ScheduleBackoff(List.of(Duration.ofSeconds(5)));

    @ParameterizedTest(name = "{0} with Retry-After ''{1}'' → {2}, {3}, not before: {4}, gone: {5}")
    @CsvSource(nullValues = "none", value = {
            // status, Retry-After, outcome, settles as, not before, gone
            "200, none, SUCCESS,   Completed,  false, false",
            "204, none, SUCCESS,   Completed,  false, false",
            "299, 30,   SUCCESS,   Completed,  false, false",
            "301, none, HTTP_3XX,  RetryLater, false, false",
            "302, none, HTTP_3XX,  RetryLater, false, false",
            "308, 30,   HTTP_3XX,  RetryLater, false, false",
            "400, none, HTTP_4XX,  RetryLater, false, false",
            "401, 30,   HTTP_4XX,  RetryLater, false, false",
            "404, none, HTTP_4XX,  RetryLater, false, false",
            "410, none, HTTP_4XX,  Failed,     false, true",
            "410, 30,   HTTP_4XX,  Failed,     false, true",
            "429, none, HTTP_4XX,  RetryLater, false, false",
            "429, soon, HTTP_4XX,  RetryLater, false, false",
            "429, 30,   HTTP_4XX,  RetryLater, true,  false",
            "500, none, HTTP_5XX,  RetryLater, false, false",
            "500, 30,   HTTP_5XX,  RetryLater, false, false",
            "502, none, HTTP_5XX,  RetryLater, false, false",
            "503, none, HTTP_5XX,  RetryLater, false, false",
            "503, -1,   HTTP_5XX,  RetryLater, false, false",
            "503, 30,   HTTP_5XX,  RetryLater, true,  false",
            "103, none, HTTP_5XX,  RetryLater, false, false",
            "600, none, HTTP_5XX,  RetryLater, false, false",
    })
    void classifiesEveryAnswer(int status, String retryAfter, DeliveryAttemptOutcome outcome, String settlesAs, boolean notBefore,
                               boolean gone) {
        DeliveryVerdict verdict = DeliveryVerdict.of(new WebhookResponse(status, Optional.ofNullable(retryAfter), ""), NOW, CAP);

        assertThat(verdict.outcome()).isEqualTo(outcome);
        assertThat(verdict.delivered()).isEqualTo(outcome == DeliveryAttemptOutcome.SUCCESS);
        assertThat(verdict.gone()).isEqualTo(gone);
        assertThat(verdict.notBefore().isPresent()).isEqualTo(notBefore);
        assertThat(verdict.toVerdict(Optional.empty(), SCHEDULE).getClass().getSimpleName()).isEqualTo(settlesAs);
        if (!verdict.delivered()) {
            assertThat(verdict.error()).startsWith(outcome.label() + ": receiver answered " + status);
        }
    }

    @Test
    void aDeliveredAttemptCompletesWithNoError() {
        DeliveryVerdict verdict = DeliveryVerdict.of(new WebhookResponse(200, Optional.empty(), "ok"), NOW, CAP);

        assertThat(verdict.error()).isEmpty();
        assertThat(verdict.toVerdict(Optional.of("target paused"), SCHEDULE)).isEqualTo(Verdict.completed());
    }

    @Test
    void aFailureIsRetriedOnTheTargetsScheduleAndANoteSuchAsAPauseEndsItsError() {
        DeliveryVerdict serverError = DeliveryVerdict.of(new WebhookResponse(500, Optional.empty(), ""), NOW, CAP);
        DeliveryVerdict busy = DeliveryVerdict.of(new WebhookResponse(503, Optional.of("5"), ""), NOW, CAP);

        assertThat(serverError.toVerdict(Optional.of("target paused"), SCHEDULE))
                .isEqualTo(Verdict.retry("http_5xx: receiver answered 500; target paused").per(SCHEDULE));
        assertThat(busy.toVerdict(Optional.of("target paused"), SCHEDULE))
                .isEqualTo(Verdict.retry("http_5xx: receiver answered 503; Retry-After 5 s; target paused").per(SCHEDULE)
                        .noSoonerThan(NOW.plusSeconds(5)));
    }

    @Test
    void retryAfterSetsTheEarliestNextAttemptCappedAtTheCap() {
        Verdict.RetryLater seconds = retryLater(DeliveryVerdict.of(new WebhookResponse(429, Optional.of("90"), ""), NOW, CAP));
        Verdict.RetryLater date = retryLater(DeliveryVerdict.of(
                new WebhookResponse(503, Optional.of("Wed, 01 May 2024 12:30:00 GMT"), ""), NOW, CAP));
        Verdict.RetryLater capped = retryLater(DeliveryVerdict.of(
                new WebhookResponse(429, Optional.of("604800"), ""), NOW, Duration.ofHours(2)));

        assertThat(seconds.notBefore()).contains(NOW.plusSeconds(90));
        assertThat(seconds.error()).isEqualTo("http_4xx: receiver answered 429; Retry-After 90 s");
        assertThat(date.notBefore()).contains(NOW.plus(Duration.ofMinutes(30)));
        assertThat(capped.notBefore()).contains(NOW.plus(Duration.ofHours(2)));
    }

    @Test
    void aGoneReceiverFailsTheDeliveryForGood() {
        DeliveryVerdict verdict = DeliveryVerdict.of(new WebhookResponse(410, Optional.empty(), "gone"), NOW, CAP);

        assertThat(verdict.gone()).isTrue();
        assertThat(verdict.toVerdict(Optional.of("target paused"), SCHEDULE))
                .isEqualTo(Verdict.failed("http_4xx: receiver answered 410 (gone); target paused"));
    }

    @Test
    void noAnswerIsRetriedWithTheSendersOutcomeAndReason() {
        ConnectException refused = new ConnectException("Connection refused");
        DeliveryVerdict verdict = DeliveryVerdict.of(
                new SendException(DeliveryAttemptOutcome.CONNECT_ERROR, "could not connect to example.test:443", refused));

        assertThat(verdict.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR);
        assertThat(verdict.gone()).isFalse();
        assertThat(verdict.toVerdict(Optional.empty(), SCHEDULE))
                .isEqualTo(Verdict.retry("connect_error: could not connect to example.test:443").per(SCHEDULE));
    }

    @Test
    void aTimeoutReadsAsOneInTheErrorText() {
        DeliveryVerdict verdict = DeliveryVerdict.of(
                new SendException(DeliveryAttemptOutcome.TIMEOUT, "no response within 15000 ms", null));

        assertThat(retryLater(verdict).error()).isEqualTo("timeout: no response within 15000 ms");
    }

    private static Verdict.RetryLater retryLater(DeliveryVerdict verdict) {
        Verdict settled = verdict.toVerdict(Optional.empty(), SCHEDULE);
        assertThat(settled).isInstanceOf(Verdict.RetryLater.class);
        return (Verdict.RetryLater) settled;
    }
}
