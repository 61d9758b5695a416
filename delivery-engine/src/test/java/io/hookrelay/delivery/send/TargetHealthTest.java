package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.queue.TransientStoreException;
import org.junit.jupiter.api.Test;

class TargetHealthTest {
    private static final ScopedId ORDERS = new ScopedId(TenantId.DEFAULT, "orders");

    @Test
    void aStreakReachesTheThresholdAtItsNthFailureAndStaysThere() {
        TargetHealth health = new TargetHealth(streakOf(2), 3);
        assertThat(health.failed(ORDERS)).isFalse();

        assertThat(new TargetHealth(streakOf(3), 3).failed(ORDERS)).isTrue();
        assertThat(new TargetHealth(streakOf(4), 3).failed(ORDERS)).as("past it too").isTrue();
    }

    @Test
    void aThresholdOfOnePausesOnTheFirstFailure() {
        assertThat(new TargetHealth(streakOf(1), 1).failed(ORDERS)).isTrue();
    }

    @Test
    void theThresholdIsAtLeastOne() {
        assertThatThrownBy(() -> new TargetHealth(streakOf(1), 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The attempt was delivered: a streak left unrecorded must not make it look failed and be sent again. */
    @Test
    void aSuccessTheStoreWasTooBusyToRecordIsStillASuccess() {
        TargetHealth health = new TargetHealth(new FailureStreaks() {
            @Override
            public int failed(ScopedId target) {
                return 1;
            }

            @Override
            public void succeeded(ScopedId target) {
                throw new TransientStoreException("busy", null);
            }

            @Override
            public void reset(ScopedId target) {
            }
        }, 3);

        health.succeeded(ORDERS);
    }

    /** Streaks that answer every failure with {@code streak}. */
    private static FailureStreaks streakOf(int streak) {
        return new FailureStreaks() {
            @Override
            public int failed(ScopedId target) {
                return streak;
            }

            @Override
            public void succeeded(ScopedId target) {
            }

            @Override
            public void reset(ScopedId target) {
            }
        };
    }
}
