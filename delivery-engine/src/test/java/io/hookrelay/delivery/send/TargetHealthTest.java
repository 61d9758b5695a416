package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class TargetHealthTest {

    @Test
    void theNthConsecutiveFailureReachesTheThreshold() {
        TargetHealth health = new TargetHealth(3);

        assertThat(health.failed("orders")).isFalse();
        assertThat(health.failed("orders")).isFalse();
        assertThat(health.failed("orders")).isTrue();
    }

    @Test
    void failuresPastTheThresholdKeepReachingIt() {
        TargetHealth health = new TargetHealth(2);
        health.failed("orders");
        health.failed("orders");

        assertThat(health.failed("orders")).isTrue();
    }

    @Test
    void aSuccessStartsTheCountAgain() {
        TargetHealth health = new TargetHealth(2);
        health.failed("orders");

        health.succeeded("orders");

        assertThat(health.failed("orders")).isFalse();
        assertThat(health.failed("orders")).isTrue();
    }

    @Test
    void aResetStartsTheCountAgain() {
        TargetHealth health = new TargetHealth(2);
        health.failed("orders");
        health.failed("orders");

        health.reset("orders");

        assertThat(health.failed("orders")).isFalse();
    }

    @Test
    void targetsAreCountedApart() {
        TargetHealth health = new TargetHealth(2);
        health.failed("orders");

        assertThat(health.failed("billing")).isFalse();
        health.succeeded("billing");
        assertThat(health.failed("orders")).isTrue();
    }

    @Test
    void aThresholdOfOnePausesOnTheFirstFailure() {
        assertThat(new TargetHealth(1).failed("orders")).isTrue();
    }

    @Test
    void theThresholdIsAtLeastOne() {
        assertThatThrownBy(() -> new TargetHealth(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concurrentFailuresAreEachCounted() throws Exception {
        int threads = 8;
        int failuresEach = 500;
        TargetHealth health = new TargetHealth(threads * failuresEach);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> reached = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                reached.add(pool.submit(() -> {
                    long count = 0;
                    for (int i = 0; i < failuresEach; i++) {
                        count += health.failed("orders") ? 1 : 0;
                    }
                    return count;
                }));
            }
            long total = 0;
            for (Future<Long> each : reached) {
                total += each.get();
            }

            assertThat(total).as("exactly the last of all the failures reaches the threshold").isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
