package io.hookrelay.queue.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FlakyIntentStoreTest {
    private final MutableClock clock = new MutableClock();
    private final InMemoryIntentStore real = new InMemoryIntentStore();
    private final FlakyIntentStore flaky = new FlakyIntentStore(real);
    private final NewIntent work = NewIntent.of("job", "evt_1", "target-a", "p");

    @Test
    void theNextCallsOfTheChosenOperationFailTransientlyAndWriteNothing() {
        flaky.failNext("enqueueAll", 2);

        for (int i = 0; i < 2; i++) {
            assertThatExceptionOfType(TransientStoreException.class).isThrownBy(() -> flaky.enqueue(work, clock.instant()));
            assertThat(real.find(work.id())).isEmpty();
        }
        assertThat(flaky.enqueue(work, clock.instant()).duplicate()).isFalse();
        assertThat(flaky.failuresLeft("enqueueAll")).isZero();
        assertThat(flaky.finishedCalls("enqueueAll")).isEqualTo(3);
    }

    @Test
    void otherOperationsAreUntouched() {
        flaky.failNext("settle", 5);

        flaky.enqueue(work, clock.instant());

        assertThat(flaky.claim(clock.instant(), Duration.ofSeconds(30), 1)).hasSize(1);
        assertThat(flaky.failuresLeft("settle")).isEqualTo(5);
    }

    @Test
    void aBrokenOperationFailsForGood() {
        flaky.breakOperation("find");

        for (int i = 0; i < 3; i++) {
            assertThatExceptionOfType(StoreException.class).isThrownBy(() -> flaky.find("any"))
                    .isNotInstanceOf(TransientStoreException.class);
        }
    }

    @Test
    void aMisspelledOperationIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> flaky.failNext("setle", 1));
        assertThatIllegalArgumentException().isThrownBy(() -> flaky.breakOperation("enqueue"));
        assertThatIllegalArgumentException().as("complete is a settle").isThrownBy(() -> flaky.failNext("complete", 1));
    }
}
