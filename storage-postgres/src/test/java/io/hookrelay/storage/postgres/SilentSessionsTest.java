package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A node cut off from the database mid-transaction leaves its session open on the server, holding its row locks
 * against every other node, until the server notices: the server is told to end such a session within seconds.
 */
class SilentSessionsTest {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Test
    void aTransactionLeftIdleByItsNodeIsRolledBackByTheServerWithinSeconds() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.open(postgres.freshSchema(), Clock.systemUTC())) {
            long began = System.nanoTime();
            Throwable ended = null;
            try {
                database.read("idle in a transaction", handle -> {
                    handle.begin();
                    handle.createQuery("SELECT 1").mapTo(Integer.class).one();
                    try {
                        TimeUnit.SECONDS.sleep(12);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return handle.createQuery("SELECT 2").mapTo(Integer.class).one();
                });
            } catch (RuntimeException e) {
                ended = e;
            }

            assertThat(ended).as("the statement after the idle wait, on a session the server ended").isNotNull();
            assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(20));
            String keepalivesIdle = database.read("keepalives", handle -> handle.createQuery("SHOW tcp_keepalives_idle")
                    .mapTo(String.class).one());
            assertThat(keepalivesIdle).as("seconds before keepalives probe a silent client").isEqualTo("10");
        }
    }
}
