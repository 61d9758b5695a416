package io.hookrelay.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class HandlerVerdictTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration TOOK = Duration.ofMillis(75);
    private static final AttemptDetail DETAIL = new AttemptDetail(Optional.of(503), "busy");
    private static final Intent CLAIMED = new Intent("intent-1", "delivery", "evt_1", "target-a", "p", IntentState.RUNNING,
            2, NOW, NOW, NOW, "", "0123456789abcdef0123456789abcdef", NOW.plusSeconds(30));
    private static final Supplier<RetryPolicy> NEVER_ASKED = () -> {
        throw new AssertionError("the retry policy is only asked about failures");
    };
    private static final Supplier<RetryPolicy> TEN_SECONDS = () -> (id, attempts) -> Optional.of(Duration.ofSeconds(10));
    private static final Supplier<RetryPolicy> EXHAUSTED = () -> (id, attempts) -> Optional.empty();

    @Test
    void successCompletesAndIsLoggedWithNoError() {
        HandlerVerdict verdict = HandlerVerdict.success();

        assertThat(verdict.settlement(CLAIMED, NEVER_ASKED, NOW)).isEqualTo(new Settlement.Complete());
        assertThat(verdict.logEntry(CLAIMED, NOW, TOOK, DETAIL))
                .contains(new AttemptRecord(2, NOW, TOOK, AttemptOutcome.SUCCESS, "", DETAIL));
        assertThat(verdict.countedAs()).contains(AttemptOutcome.SUCCESS);
    }

    @Test
    void aStopFailsAtOnceWithItsMessage() {
        HandlerVerdict verdict = HandlerVerdict.of(new StopException("receiver said gone"));

        assertThat(verdict.settlement(CLAIMED, NEVER_ASKED, NOW)).isEqualTo(new Settlement.Fail("receiver said gone"));
        assertThat(verdict.logEntry(CLAIMED, NOW, TOOK, DETAIL))
                .contains(new AttemptRecord(2, NOW, TOOK, AttemptOutcome.STOP, "receiver said gone", DETAIL));
        assertThat(verdict.countedAs()).contains(AttemptOutcome.STOP);
    }

    @Test
    void anyOtherFailureIsRetriedAfterThePolicysDelay() {
        HandlerVerdict verdict = HandlerVerdict.of(new IllegalStateException("http_5xx: receiver answered 503"));

        assertThat(verdict.settlement(CLAIMED, TEN_SECONDS, NOW))
                .isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "http_5xx: receiver answered 503"));
        assertThat(verdict.logEntry(CLAIMED, NOW, TOOK, DETAIL))
                .contains(new AttemptRecord(2, NOW, TOOK, AttemptOutcome.ERROR, "http_5xx: receiver answered 503", DETAIL));
        assertThat(verdict.countedAs()).contains(AttemptOutcome.ERROR);
    }

    @Test
    void anExhaustedPolicyFailsTheIntentWhileTheLogKeepsTheAttemptsOwnError() {
        HandlerVerdict verdict = HandlerVerdict.of(new IllegalStateException("timeout: no response within 15000 ms"));

        assertThat(verdict.settlement(CLAIMED, EXHAUSTED, NOW))
                .isEqualTo(new Settlement.Fail("timeout: no response within 15000 ms (gave up after 2 attempts)"));
        assertThat(verdict.logEntry(CLAIMED, NOW, TOOK, DETAIL)).get()
                .extracting(AttemptRecord::error).isEqualTo("timeout: no response within 15000 ms");
    }

    @Test
    void retryLaterOnlyEverPushesTheNextAttemptLater() {
        Instant muchLater = NOW.plusSeconds(60);
        Instant sooner = NOW.plusSeconds(3);

        assertThat(HandlerVerdict.of(new RetryLaterException("Retry-After: 60", muchLater)).settlement(CLAIMED, TEN_SECONDS, NOW))
                .isEqualTo(new Settlement.Retry(muchLater, "Retry-After: 60"));
        assertThat(HandlerVerdict.of(new RetryLaterException("Retry-After: 3", sooner)).settlement(CLAIMED, TEN_SECONDS, NOW))
                .isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "Retry-After: 3"));
        assertThat(HandlerVerdict.of(new RetryLaterException("Retry-After: 60", muchLater)).settlement(CLAIMED, EXHAUSTED, NOW))
                .as("asking for later cannot outlive the policy").isInstanceOf(Settlement.Fail.class);
    }

    @Test
    void aSnoozeIsNeitherLoggedNorCountedAndNeverConsultsThePolicy() {
        Instant until = NOW.plusMillis(250);

        HandlerVerdict verdict = HandlerVerdict.of(new SnoozeException("receiver has 10 requests in flight", until));

        assertThat(verdict.settlement(CLAIMED, NEVER_ASKED, NOW)).isEqualTo(new Settlement.Snooze(until));
        assertThat(verdict.logEntry(CLAIMED, NOW, TOOK, DETAIL)).isEmpty();
        assertThat(verdict.countedAs()).isEmpty();
    }

    @Test
    void noHandlerIsRetriedAndCountedAsSuch() {
        HandlerVerdict verdict = HandlerVerdict.noHandler("delivery");

        assertThat(verdict.settlement(CLAIMED, TEN_SECONDS, NOW))
                .isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "no handler registered for kind delivery"));
        assertThat(verdict.countedAs()).contains(AttemptOutcome.NO_HANDLER);
    }

    @Test
    void aFailureWithoutAMessageIsNamedByItsClassAndALongMessageIsCut() {
        assertThat(HandlerVerdict.of(new NullPointerException()).logEntry(CLAIMED, NOW, TOOK, DETAIL)).get()
                .extracting(AttemptRecord::error).isEqualTo(NullPointerException.class.getName());
        assertThat(HandlerVerdict.of(new IllegalStateException("e".repeat(5000))).logEntry(CLAIMED, NOW, TOOK, DETAIL)).get()
                .extracting(AttemptRecord::error).asString().hasSize(HandlerVerdict.MAX_ERROR_CHARS);
    }
}
