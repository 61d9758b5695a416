package io.hookrelay.delivery.testing;

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

    protected FailureStreaks streaks;

    /** The adapter's streaks on a new, empty store. */
    protected abstract FailureStreaks openStreaks() throws Exception;

    @BeforeEach
    final void openStreaksUnderTest() throws Exception {
        streaks = openStreaks();
    }

    @Test
    void failuresInARowCountUp() {
        assertThat(streaks.failed("orders")).isEqualTo(1);
        assertThat(streaks.failed("orders")).isEqualTo(2);
        assertThat(streaks.failed("orders")).isEqualTo(3);
    }

    @Test
    void aSuccessEndsTheStreak() {
        streaks.failed("orders");
        streaks.failed("orders");

        streaks.succeeded("orders");

        assertThat(streaks.failed("orders")).isEqualTo(1);
    }

    @Test
    void aSuccessOfATargetWithoutAStreakChangesNothing() {
        streaks.succeeded("orders");

        assertThat(streaks.failed("orders")).isEqualTo(1);
    }

    @Test
    void aResetEndsTheStreak() {
        streaks.failed("orders");
        streaks.failed("orders");

        streaks.reset("orders");

        assertThat(streaks.failed("orders")).isEqualTo(1);
    }

    @Test
    void targetsAreCountedApart() {
        streaks.failed("orders");

        assertThat(streaks.failed("billing")).isEqualTo(1);
        streaks.succeeded("billing");
        assertThat(streaks.failed("orders")).isEqualTo(2);
    }

    @Test
    void concurrentFailuresAreEachCountedOnce() throws Exception {
        int threads = 8;
        int failuresEach = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<Integer>>> answered = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                answered.add(pool.submit(() -> IntStream.range(0, failuresEach).mapToObj(i -> streaks.failed("orders")).toList()));
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
