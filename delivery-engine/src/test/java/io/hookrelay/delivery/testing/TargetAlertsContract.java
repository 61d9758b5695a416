package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
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
    private static final ScopedId ORDERS = new ScopedId(TenantId.DEFAULT, "orders");
    private static final ScopedId BILLING = new ScopedId(TenantId.DEFAULT, "billing");
    /** A target of another tenant with the same id as {@link #ORDERS}. */
    private static final ScopedId ACME_ORDERS = new ScopedId(TenantId.of("acme"), "orders");

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
        assertThat(alerts.paused(ORDERS)).isTrue();
        assertThat(alerts.paused(ORDERS)).isFalse();

        alerts.resumed(ORDERS);

        assertThat(alerts.paused(ORDERS)).isTrue();
        assertThat(alerts.broken()).containsExactly(ORDERS);
    }

    @Test
    void aPausedTargetDoesNotRecoverUntilItIsResumed() {
        alerts.paused(ORDERS);

        assertThat(alerts.recovered(ORDERS)).as("an attempt in flight when it was paused").isFalse();

        alerts.resumed(ORDERS);
        assertThat(alerts.recovered(ORDERS)).isTrue();
        assertThat(alerts.recovered(ORDERS)).isFalse();
        assertThat(alerts.broken()).isEmpty();
    }

    @Test
    void aHealthyTargetNeitherRecoversNorIsBroken() {
        alerts.resumed(ORDERS);

        assertThat(alerts.recovered(ORDERS)).isFalse();
        assertThat(alerts.broken()).isEmpty();
    }

    @Test
    void aForgottenTargetIsNoLongerBroken() {
        alerts.paused(ORDERS);
        alerts.paused(BILLING);

        alerts.forget(ORDERS);

        assertThat(alerts.broken()).containsExactly(BILLING);
        assertThat(alerts.paused(ORDERS)).isTrue();
    }

    @Test
    void aTargetOfAnotherTenantWithTheSameIdIsMarkedApart() {
        alerts.paused(ORDERS);

        assertThat(alerts.paused(ACME_ORDERS)).as("news in its own tenant").isTrue();
        alerts.forget(ACME_ORDERS);
        assertThat(alerts.broken()).containsExactly(ORDERS);
    }

    @Test
    void ofPausesRacingOnlyOneIsNews() throws Exception {
        ExecutorService racers = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> pauses = new ArrayList<>();
            IntStream.range(0, 16).forEach(i -> pauses.add(racers.submit(() -> alerts.paused(ORDERS))));
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
