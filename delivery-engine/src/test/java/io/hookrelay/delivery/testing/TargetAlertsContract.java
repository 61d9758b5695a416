package io.hookrelay.delivery.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.port.TargetAlerts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of {@link TargetAlerts} that every adapter keeps: each pause and each recovery is news once. */
public abstract class TargetAlertsContract {

    protected TargetAlerts alerts;

    /** The adapter's alerts on a new, empty store. */
    protected abstract TargetAlerts openAlerts() throws Exception;

    /** Releases what {@link #openAlerts} opened. */
    protected abstract void closeAlerts();

    @BeforeEach
    final void openAlertsUnderTest() throws Exception {
        alerts = openAlerts();
    }

    @AfterEach
    final void closeAlertsUnderTest() {
        closeAlerts();
    }

    @Test
    void aPauseIsNewsOnceUntilTheTargetIsResumed() {
        assertThat(alerts.paused("orders")).isTrue();
        assertThat(alerts.paused("orders")).isFalse();

        alerts.resumed("orders");

        assertThat(alerts.paused("orders")).isTrue();
        assertThat(alerts.broken()).containsExactly("orders");
    }

    @Test
    void aPausedTargetDoesNotRecoverUntilItIsResumed() {
        alerts.paused("orders");

        assertThat(alerts.recovered("orders")).as("an attempt in flight when it was paused").isFalse();

        alerts.resumed("orders");
        assertThat(alerts.recovered("orders")).isTrue();
        assertThat(alerts.recovered("orders")).isFalse();
        assertThat(alerts.broken()).isEmpty();
    }

    @Test
    void aHealthyTargetNeitherRecoversNorIsBroken() {
        alerts.resumed("orders");

        assertThat(alerts.recovered("orders")).isFalse();
        assertThat(alerts.broken()).isEmpty();
    }

    @Test
    void aForgottenTargetIsNoLongerBroken() {
        alerts.paused("orders");
        alerts.paused("billing");

        alerts.forget("orders");

        assertThat(alerts.broken()).containsExactly("billing");
        assertThat(alerts.paused("orders")).isTrue();
    }

    @Test
    void ofPausesRacingOnlyOneIsNews() throws Exception {
        ExecutorService racers = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> pauses = new ArrayList<>();
            IntStream.range(0, 16).forEach(i -> pauses.add(racers.submit(() -> alerts.paused("orders"))));
            long news = 0;
            for (Future<Boolean> pause : pauses) {
                news += pause.get() ? 1 : 0;
            }
            assertThat(news).isEqualTo(1);
        } finally {
            racers.shutdownNow();
        }
    }
}
