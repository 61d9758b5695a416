package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.port.FailureStreaks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of {@link FailureStreaks} that every adapter keeps, in memory or in a database nodes share. */
public abstract class FailureStreaksContract {
    private static final ScopedId ORDERS = new ScopedId(TenantId.DEFAULT, "orders");
    private static final ScopedId BILLING = new ScopedId(TenantId.DEFAULT, "billing");
    /** A target of another tenant with the same id as {@link #ORDERS}. */
    private static final ScopedId ACME_ORDERS = new ScopedId(TenantId.of("acme"), "orders");

    protected FailureStreaks streaks;

    /** The adapter's streaks on a new, empty store. */
    protected abstract FailureStreaks openStreaks() throws Exception;

    @BeforeEach
    final void openStreaksUnderTest() throws Exception {
        streaks = openStreaks();
    }

    @Test
    void failuresInARowCountUp() {
        assertThat(streaks.failed(ORDERS)).isEqualTo(1);
        assertThat(streaks.failed(ORDERS)).isEqualTo(2);
        assertThat(streaks.failed(ORDERS)).isEqualTo(3);
    }

    @Test
    void aSuccessEndsTheStreak() {
        streaks.failed(ORDERS);
        streaks.failed(ORDERS);

        streaks.succeeded(ORDERS);

        assertThat(streaks.failed(ORDERS)).isEqualTo(1);
    }

    @Test
    void aSuccessOfATargetWithoutAStreakChangesNothing() {
        streaks.succeeded(ORDERS);

        assertThat(streaks.failed(ORDERS)).isEqualTo(1);
    }

    @Test
    void aResetEndsTheStreak() {
        streaks.failed(ORDERS);
        streaks.failed(ORDERS);

        streaks.reset(ORDERS);

        assertThat(streaks.failed(ORDERS)).isEqualTo(1);
    }

    @Test
    void targetsAreCountedApart() {
        streaks.failed(ORDERS);

        assertThat(streaks.failed(BILLING)).isEqualTo(1);
        streaks.succeeded(BILLING);
        assertThat(streaks.failed(ORDERS)).isEqualTo(2);
    }

    @Test
    void aTargetOfAnotherTenantWithTheSameIdIsCountedApart() {
        streaks.failed(ORDERS);

        assertThat(streaks.failed(ACME_ORDERS)).isEqualTo(1);
        streaks.reset(ACME_ORDERS);
        assertThat(streaks.failed(ORDERS)).isEqualTo(2);
    }

    @Test
    void concurrentFailuresAreEachCountedOnce() throws Exception {
        int threads = 8;
        int failuresEach = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<Integer>>> answered = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                answered.add(pool.submit(() -> IntStream.range(0, failuresEach).mapToObj(i -> streaks.failed(ORDERS)).toList()));
            }
            List<Integer> all = new ArrayList<>();
            for (Future<List<Integer>> each : answered) {
                all.addAll(each.get());
            }

            assertThat(all).as("every streak length answered exactly once")
                    .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, threads * failuresEach).boxed().toList());
        } finally {
            pool.shutdownNow();
        }
    }
}
