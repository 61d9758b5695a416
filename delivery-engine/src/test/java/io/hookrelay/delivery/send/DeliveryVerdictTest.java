package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.DeliveryAttemptOutcome;
import io.hookrelay.delivery.SendException;
import io.hookrelay.delivery.WebhookResponse;
import io.hookrelay.queue.RetryLaterException;
import io.hookrelay.queue.StopException;
import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliveryVerdictTest {
    private static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");
    private static final Duration CAP = Duration.ofHours(24);

    @ParameterizedTest(name = "{0} with Retry-After ''{1}'' → {2}, {3}, gone: {4}")
    @CsvSource(nullValues = "none", value = {
            // status, Retry-After, outcome,  thrown,               gone
            "200, none, SUCCESS,   none,                    false",
            "204, none, SUCCESS,   none,                    false",
            "299, 30,   SUCCESS,   none,                    false",
            "301, none, HTTP_3XX,  DeliveryFailedException, false",
            "302, none, HTTP_3XX,  DeliveryFailedException, false",
            "308, 30,   HTTP_3XX,  DeliveryFailedException, false",
            "400, none, HTTP_4XX,  DeliveryFailedException, false",
            "401, 30,   HTTP_4XX,  DeliveryFailedException, false",
            "404, none, HTTP_4XX,  DeliveryFailedException, false",
            "410, none, HTTP_4XX,  StopException,           true",
            "410, 30,   HTTP_4XX,  StopException,           true",
            "429, none, HTTP_4XX,  DeliveryFailedException, false",
            "429, soon, HTTP_4XX,  DeliveryFailedException, false",
            "429, 30,   HTTP_4XX,  RetryLaterException,     false",
            "500, none, HTTP_5XX,  DeliveryFailedException, false",
            "500, 30,   HTTP_5XX,  DeliveryFailedException, false",
            "502, none, HTTP_5XX,  DeliveryFailedException, false",
            "503, none, HTTP_5XX,  DeliveryFailedException, false",
            "503, -1,   HTTP_5XX,  DeliveryFailedException, false",
            "503, 30,   HTTP_5XX,  RetryLaterException,     false",
            "103, none, HTTP_5XX,  DeliveryFailedException, false",
            "600, none, HTTP_5XX,  DeliveryFailedException, false",
    })
    void classifiesEveryAnswer(int status, String retryAfter, DeliveryAttemptOutcome outcome, String thrown, boolean gone) {
        DeliveryVerdict verdict = DeliveryVerdict.of(new WebhookResponse(status, Optional.ofNullable(retryAfter), ""), NOW, CAP);

        assertThat(verdict.outcome()).isEqualTo(outcome);
        assertThat(verdict.delivered()).isEqualTo(thrown == null);
        assertThat(verdict.gone()).isEqualTo(gone);
        if (thrown != null) {
            assertThat(verdict.failure(Optional.empty()).getClass().getSimpleName()).isEqualTo(thrown);
            assertThat(verdict.error()).startsWith(outcome.label() + ": receiver answered " + status);
        }
    }

    @Test
    void aDeliveredAttemptHasNoFailureToThrow() {
        DeliveryVerdict verdict = DeliveryVerdict.of(new WebhookResponse(200, Optional.empty(), "ok"), NOW, CAP);

        assertThat(verdict.error()).isEmpty();
        assertThatThrownBy(() -> verdict.failure(Optional.empty())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aNoteSuchAsAPauseEndsTheErrorWhateverTheFailure() {
        DeliveryVerdict serverError = DeliveryVerdict.of(new WebhookResponse(500, Optional.empty(), ""), NOW, CAP);
        DeliveryVerdict busy = DeliveryVerdict.of(new WebhookResponse(503, Optional.of("5"), ""), NOW, CAP);

        assertThat(serverError.failure(Optional.of("target paused")))
                .isInstanceOf(DeliveryFailedException.class).hasMessage("http_5xx: receiver answered 500; target paused");
        assertThat(busy.failure(Optional.of("target paused")))
                .isInstanceOf(RetryLaterException.class).hasMessage("http_5xx: receiver answered 503; Retry-After 5 s; target paused");
    }

    @Test
    void retryAfterSetsTheEarliestNextAttemptCappedAtTheCap() {
        RetryLaterException seconds = retryLater(DeliveryVerdict.of(new WebhookResponse(429, Optional.of("90"), ""), NOW, CAP));
        RetryLaterException date = retryLater(DeliveryVerdict.of(
                new WebhookResponse(503, Optional.of("Wed, 01 May 2024 12:30:00 GMT"), ""), NOW, CAP));
        RetryLaterException capped = retryLater(DeliveryVerdict.of(
                new WebhookResponse(429, Optional.of("604800"), ""), NOW, Duration.ofHours(2)));

        assertThat(seconds.notBefore()).isEqualTo(NOW.plusSeconds(90));
        assertThat(seconds).hasMessage("http_4xx: receiver answered 429; Retry-After 90 s");
        assertThat(date.notBefore()).isEqualTo(NOW.plus(Duration.ofMinutes(30)));
        assertThat(capped.notBefore()).isEqualTo(NOW.plus(Duration.ofHours(2)));
    }

    @Test
    void aGoneReceiverFailsTheDeliveryForGood() {
        DeliveryVerdict verdict = DeliveryVerdict.of(new WebhookResponse(410, Optional.empty(), "gone"), NOW, CAP);

        assertThat(verdict.gone()).isTrue();
        assertThat(verdict.failure(Optional.of("target paused")))
                .isInstanceOf(StopException.class).hasMessage("http_4xx: receiver answered 410 (gone); target paused");
    }

    @Test
    void noAnswerIsRetriedWithTheSendersOutcomeAndReason() {
        ConnectException refused = new ConnectException("Connection refused");
        DeliveryVerdict verdict = DeliveryVerdict.of(
                new SendException(DeliveryAttemptOutcome.CONNECT_ERROR, "could not connect to example.test:443", refused));

        assertThat(verdict.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR);
        assertThat(verdict.gone()).isFalse();
        assertThat(verdict.failure(Optional.empty())).isInstanceOf(DeliveryFailedException.class)
                .hasMessage("connect_error: could not connect to example.test:443")
                .hasRootCause(refused);
    }

    @Test
    void aTimeoutReadsAsOneInTheErrorText() {
        DeliveryVerdict verdict = DeliveryVerdict.of(
                new SendException(DeliveryAttemptOutcome.TIMEOUT, "no response within 15000 ms", null));

        assertThat(verdict.failure(Optional.empty())).hasMessage("timeout: no response within 15000 ms");
    }

    private static RetryLaterException retryLater(DeliveryVerdict verdict) {
        Exception failure = verdict.failure(Optional.empty());
        assertThat(failure).isInstanceOf(RetryLaterException.class);
        return (RetryLaterException) failure;
    }
}
