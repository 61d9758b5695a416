package io.hookrelay.queue.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.RetryPolicy;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How the pool reads a handler's {@link Verdict}, or what it threw, into what it writes, logs and counts. */
class EndingTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration TOOK = Duration.ofMillis(75);
    private static final AttemptDetail DETAIL = new AttemptDetail(Optional.of(503), "busy");
    private static final Intent CLAIMED = new Intent("intent-1", "delivery", "evt_1", "target-a", "p", IntentState.RUNNING,
            2, NOW, NOW, NOW, "", "0123456789abcdef0123456789abcdef", NOW.plusSeconds(30));
    private static final RetryPolicy NEVER_ASKED = (id, attempts) -> {
        throw new AssertionError("the retry policy is only asked about retries");
    };
    private static final RetryPolicy TEN_SECONDS = (id, attempts) -> Optional.of(Duration.ofSeconds(10));
    private static final RetryPolicy EXHAUSTED = (id, attempts) -> Optional.empty();

    @Test
    void completedCompletesAndIsLoggedWithNoError() {
        Ending ending = Ending.of(Verdict.completed(), NEVER_ASKED);

        assertThat(ending.settlement(CLAIMED, NOW)).isEqualTo(new Settlement.Complete());
        assertThat(ending.logEntry(CLAIMED, NOW, TOOK, DETAIL))
                .contains(new AttemptRecord(2, NOW, TOOK, AttemptOutcome.SUCCESS, "", DETAIL));
        assertThat(ending.countedAs()).contains(AttemptOutcome.SUCCESS);
    }

    @Test
    void failedFailsAtOnceWithItsErrorAndCountsAsAStop() {
        Ending ending = Ending.of(Verdict.failed("receiver said gone"), NEVER_ASKED);

        assertThat(ending.settlement(CLAIMED, NOW)).isEqualTo(new Settlement.Fail("receiver said gone"));
        assertThat(ending.logEntry(CLAIMED, NOW, TOOK, DETAIL))
                .contains(new AttemptRecord(2, NOW, TOOK, AttemptOutcome.STOP, "receiver said gone", DETAIL));
        assertThat(ending.countedAs()).contains(AttemptOutcome.STOP);
    }

    @Test
    void aRetryWaitsAsTheKindsPolicySays() {
        Ending ending = Ending.of(Verdict.retry("http_5xx: receiver answered 503"), TEN_SECONDS);

        assertThat(ending.settlement(CLAIMED, NOW))
                .isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "http_5xx: receiver answered 503"));
        assertThat(ending.logEntry(CLAIMED, NOW, TOOK, DETAIL))
                .contains(new AttemptRecord(2, NOW, TOOK, AttemptOutcome.ERROR, "http_5xx: receiver answered 503", DETAIL));
        assertThat(ending.countedAs()).contains(AttemptOutcome.ERROR);
    }

    @Test
    void aRetryWaitsAsThePolicyItNamesSaysRatherThanTheKinds() {
        Ending ending = Ending.of(Verdict.retry("receiver refused").per(TEN_SECONDS), EXHAUSTED);

        assertThat(ending.settlement(CLAIMED, NOW)).isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "receiver refused"));
    }

    @Test
    void anExhaustedPolicyFailsTheIntentWhileTheLogKeepsTheAttemptsOwnError() {
        Ending ending = Ending.of(Verdict.retry("timeout: no response within 15000 ms"), EXHAUSTED);

        assertThat(ending.settlement(CLAIMED, NOW))
                .isEqualTo(new Settlement.Fail("timeout: no response within 15000 ms (gave up after 2 attempts)"));
        assertThat(ending.logEntry(CLAIMED, NOW, TOOK, DETAIL)).get()
                .extracting(AttemptRecord::error).isEqualTo("timeout: no response within 15000 ms");
    }

    @Test
    void noSoonerThanOnlyEverPushesTheNextAttemptLater() {
        Instant muchLater = NOW.plusSeconds(60);
        Instant sooner = NOW.plusSeconds(3);

        assertThat(Ending.of(Verdict.retry("Retry-After: 60").noSoonerThan(muchLater), TEN_SECONDS).settlement(CLAIMED, NOW))
                .isEqualTo(new Settlement.Retry(muchLater, "Retry-After: 60"));
        assertThat(Ending.of(Verdict.retry("Retry-After: 3").noSoonerThan(sooner), TEN_SECONDS).settlement(CLAIMED, NOW))
                .isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "Retry-After: 3"));
        assertThat(Ending.of(Verdict.retry("Retry-After: 60").noSoonerThan(muchLater), EXHAUSTED).settlement(CLAIMED, NOW))
                .as("asking for later cannot outlive the policy").isInstanceOf(Settlement.Fail.class);
    }

    @Test
    void aSnoozeIsNeitherLoggedNorCountedAndNeverConsultsThePolicy() {
        Instant until = NOW.plusMillis(250);

        Ending ending = Ending.of(Verdict.snoozeUntil(until), NEVER_ASKED);

        assertThat(ending.settlement(CLAIMED, NOW)).isEqualTo(new Settlement.Snooze(until));
        assertThat(ending.logEntry(CLAIMED, NOW, TOOK, DETAIL)).isEmpty();
        assertThat(ending.countedAs()).isEmpty();
    }

    @Test
    void noHandlerIsRetriedAndCountedAsSuch() {
        Ending ending = Ending.noHandler("delivery", TEN_SECONDS);

        assertThat(ending.settlement(CLAIMED, NOW))
                .isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "no handler registered for kind delivery"));
        assertThat(ending.countedAs()).contains(AttemptOutcome.NO_HANDLER);
    }

    @Test
    void whatAHandlerThrowsIsRetriedByTheKindsPolicyNamedByItsMessageOrElseItsClass() {
        assertThat(Ending.thrown(new IllegalStateException("receiver exploded"), TEN_SECONDS).settlement(CLAIMED, NOW))
                .isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "receiver exploded"));
        assertThat(Ending.thrown(new NullPointerException(), TEN_SECONDS).logEntry(CLAIMED, NOW, TOOK, DETAIL)).get()
                .extracting(AttemptRecord::outcome, AttemptRecord::error)
                .containsExactly(AttemptOutcome.ERROR, NullPointerException.class.getName());
    }

    @Test
    void aCalledOffOrMissingVerdictIsTheHandlersErrorWhichThePoolDiscardsIfItDidCallTheAttemptOff() {
        assertThat(Ending.of(Verdict.calledOff(), TEN_SECONDS).settlement(CLAIMED, NOW))
                .isEqualTo(new Settlement.Retry(NOW.plusSeconds(10), "the handler said its attempt was called off, but it was not"));
        assertThat(Ending.of(null, TEN_SECONDS).countedAs()).contains(AttemptOutcome.ERROR);
    }

    @Test
    void aLongErrorIsCut() {
        assertThat(Ending.of(Verdict.retry("e".repeat(5000)), TEN_SECONDS).logEntry(CLAIMED, NOW, TOOK, DETAIL)).get()
                .extracting(AttemptRecord::error).asString().hasSize(Verdict.MAX_ERROR_CHARS);
        assertThat(Verdict.failed("e".repeat(5000)).error()).hasSize(Verdict.MAX_ERROR_CHARS);
    }
}
