package io.hookrelay.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ThreadFactory;
import org.junit.jupiter.api.Test;

class DaemonThreadsTest {
    @Test
    void threadsAreDaemonsNumberedAfterTheirPool() {
        ThreadFactory threads = DaemonThreads.named("hookrelay-test-");

        Thread first = threads.newThread(() -> { });
        Thread second = threads.newThread(() -> { });

        assertThat(first.isDaemon()).isTrue();
        assertThat(second.isDaemon()).isTrue();
        assertThat(first.getName()).isEqualTo("hookrelay-test-1");
        assertThat(second.getName()).isEqualTo("hookrelay-test-2");
    }

    @Test
    void eachFactoryCountsItsOwnThreads() {
        DaemonThreads.named("hookrelay-a-").newThread(() -> { });

        assertThat(DaemonThreads.named("hookrelay-b-").newThread(() -> { }).getName()).isEqualTo("hookrelay-b-1");
    }
}
