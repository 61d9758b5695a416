package io.hookrelay.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.ScheduleBackoff;
import io.hookrelay.queue.Verdict;
import io.hookrelay.queue.pool.PoolSettings;
import io.hookrelay.queue.pool.WorkerPool;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** README's "Embedding the queue" example, run as written, so the documentation cannot drift from the API. */
class EmbeddedQueueExampleTest {

    @Test
    void theReadmeExampleDeliversOnceAndIgnoresTheRepeatedEnqueue(@TempDir Path dataDir) throws Exception {
        LinkedBlockingQueue<String> mailbox = new LinkedBlockingQueue<>();

        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            IntentQueue queue = new IntentQueue(new SqliteIntentStore(database), Clock.systemUTC());

            try (WorkerPool pool = WorkerPool.builder(queue)
                    .handler("email", (intent, attempt) -> {
                        mailbox.add(intent.payload());
                        return Verdict.completed();
                    })
                    .retryPolicy("email", new ScheduleBackoff(List.of(Duration.ofSeconds(5), Duration.ofMinutes(5))))
                    .settings(PoolSettings.withWorkers(8))
                    .build()) {
                pool.start();

                Enqueued first = queue.enqueue(NewIntent.of("email", "order-1234", "customer@example.com", "{\"total\":12}"));
                Enqueued again = queue.enqueue(NewIntent.of("email", "order-1234", "customer@example.com", "{\"total\":99}"));

                assertThat(mailbox.poll(30, TimeUnit.SECONDS)).isEqualTo("{\"total\":12}");
                assertThat(again.duplicate()).isTrue();
                assertThat(again.id()).isEqualTo(first.id());
                Await.until("the intent is completed", Duration.ofSeconds(30),
                        () -> queue.find(first.id()).orElseThrow().state() == IntentState.COMPLETED);
                assertThat(mailbox).isEmpty();
            }
        }
    }
}
