package io.hookrelay.storage.sqlite.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.storage.sqlite.PlainConnections;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReaderPoolTest {
    private static final Duration SHORT_WAIT = Duration.ofMillis(200);

    @TempDir
    Path dir;

    private final AtomicInteger opened = new AtomicInteger();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private Jdbi jdbi;

    @BeforeEach
    void database() {
        jdbi = Jdbi.create(() -> PlainConnections.open(dir.resolve("readers.db")));
    }

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void aReaderIsLentAgainWithTheDaosAlreadyAttached() {
        try (ReaderPool pool = pool(2)) {
            AttachedHandle first = pool.read(handle -> handle);
            AttachedHandle second = pool.read(handle -> handle);

            assertThat(second).isSameAs(first);
            assertThat(opened).hasValue(1);
        }
    }

    @Test
    void whenEveryReaderIsLentTheNextReadFailsAsTransientAfterTheWait() throws Exception {
        try (ReaderPool pool = pool(2)) {
            CountDownLatch release = new CountDownLatch(1);
            List<Future<Handle>> holders = new ArrayList<>();
            CountDownLatch lent = new CountDownLatch(2);
            for (int i = 0; i < 2; i++) {
                holders.add(threads.submit(() -> pool.read(handle -> {
                    lent.countDown();
                    awaitQuietly(release);
                    return handle.handle();
                })));
            }
            assertThat(lent.await(10, TimeUnit.SECONDS)).isTrue();

            assertThatThrownBy(() -> pool.read(handle -> 1))
                    .isInstanceOf(TransientStoreException.class)
                    .hasMessage("no database reader was free within " + SHORT_WAIT);

            release.countDown();
            assertThat(holders.get(0).get(10, TimeUnit.SECONDS)).isNotSameAs(holders.get(1).get(10, TimeUnit.SECONDS));
            assertThat(pool.<Integer>read(handle -> 1)).isEqualTo(1);
            assertThat(opened).hasValue(2);
        }
    }

    @Test
    void aReadThatFailsClosesItsReaderAndTheNextReadGetsAFreshOne() {
        try (ReaderPool pool = pool(1)) {
            Handle[] failed = new Handle[1];
            assertThatThrownBy(() -> pool.read(handle -> {
                failed[0] = handle.handle();
                return handle.handle().createQuery("SELECT * FROM no_such_table").mapToMap().list();
            })).hasRootCauseInstanceOf(SQLException.class);

            assertThat(failed[0].isClosed()).isTrue();
            assertThat(pool.<Boolean>read(handle -> handle.handle().isClosed())).isFalse();
            assertThat(opened).hasValue(2);
        }
    }

    @Test
    void closingClosesIdleReadersAndOneLentAtTheTimeWhenItsReadReturns() throws Exception {
        ReaderPool pool = pool(2);
        CountDownLatch lent = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<Handle> reading = threads.submit(() -> pool.read(handle -> {
            lent.countDown();
            awaitQuietly(release);
            return handle.handle();
        }));
        assertThat(lent.await(10, TimeUnit.SECONDS)).isTrue();
        Handle idle = pool.read(AttachedHandle::handle);

        pool.close();
        assertThat(idle.isClosed()).isTrue();
        release.countDown();
        Handle wasLent = reading.get(10, TimeUnit.SECONDS);

        assertThat(wasLent.isClosed()).isTrue();
        assertThatThrownBy(() -> pool.read(handle -> 1))
                .isInstanceOf(StoreException.class)
                .hasMessage("the database readers are closed");
    }

    private ReaderPool pool(int size) {
        return new ReaderPool(() -> {
            opened.incrementAndGet();
            return jdbi.open();
        }, size, SHORT_WAIT);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
