package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.queue.TransientStoreException;
import org.junit.jupiter.api.Test;

class TargetHealthTest {

    @Test
    void aStreakReachesTheThresholdAtItsNthFailureAndStaysThere() {
        TargetHealth health = new TargetHealth(streakOf(2), 3);
        assertThat(health.failed("orders")).isFalse();

        assertThat(new TargetHealth(streakOf(3), 3).failed("orders")).isTrue();
        assertThat(new TargetHealth(streakOf(4), 3).failed("orders")).as("past it too").isTrue();
    }

    @Test
    void aThresholdOfOnePausesOnTheFirstFailure() {
        assertThat(new TargetHealth(streakOf(1), 1).failed("orders")).isTrue();
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
            public int failed(String targetId) {
                return 1;
            }

            @Override
            public void succeeded(String targetId) {
                throw new TransientStoreException("busy", null);
            }

            @Override
            public void reset(String targetId) {
            }
        }, 3);

        health.succeeded("orders");
    }

    /** Streaks that answer every failure with {@code streak}. */
    private static FailureStreaks streakOf(int streak) {
        return new FailureStreaks() {
            @Override
            public int failed(String targetId) {
                return streak;
            }

            @Override
            public void succeeded(String targetId) {
            }

            @Override
            public void reset(String targetId) {
            }
        };
    }
}
