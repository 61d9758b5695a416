package io.hookrelay.storage.postgres.relay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WritableCheckTest {

    @Test
    void aCheckThatHangsIsAnsweredNoAndAskedOnlyOnceUntilItEnds() throws Exception {
        CountDownLatch databaseBack = new CountDownLatch(1);
        AtomicInteger checks = new AtomicInteger();
        try (WritableCheck writable = new WritableCheck(() -> {
            checks.incrementAndGet();
            try {
                databaseBack.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return true;
        })) {
            assertThat(writable.isWritable()).as("while the check hangs").isFalse();
            assertThat(writable.isWritable()).as("asked again while it still hangs").isFalse();
            assertThat(checks).as("checks started").hasValue(1);

            databaseBack.countDown();

            assertThat(writable.isWritable()).as("once the hanging check has ended, or a new one").isTrue();
        }
    }

    @Test
    void eachAskAfterAnAnswerChecksAfresh() {
        AtomicInteger checks = new AtomicInteger();
        try (WritableCheck writable = new WritableCheck(() -> checks.incrementAndGet() % 2 == 1)) {
            assertThat(writable.isWritable()).isTrue();
            assertThat(writable.isWritable()).isFalse();
            assertThat(checks).hasValue(2);
        }
    }

    @Test
    void aClosedCheckAnswersNo() {
        WritableCheck writable = new WritableCheck(() -> true);
        writable.close();

        assertThat(writable.isWritable()).isFalse();
    }
}
