package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.storage.sqlite.connection.AttachedHandle;
import io.hookrelay.storage.sqlite.connection.SqliteConnections;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteConnectionsTest {
    private static final Pragmas EXPECTED = new Pragmas(10_000, "wal", 2, 1, SqliteConnections.JOURNAL_SIZE_LIMIT);

    @TempDir
    Path dataDir;

    record Pragmas(long busyTimeout, String journalMode, int synchronous, int foreignKeys, long journalSizeLimit) {
        static Pragmas of(Handle handle) {
            return new Pragmas(
                    handle.createQuery("PRAGMA busy_timeout").mapTo(Long.class).one(),
                    handle.createQuery("PRAGMA journal_mode").mapTo(String.class).one(),
                    handle.createQuery("PRAGMA synchronous").mapTo(Integer.class).one(),
                    handle.createQuery("PRAGMA foreign_keys").mapTo(Integer.class).one(),
                    handle.createQuery("PRAGMA journal_size_limit").mapTo(Long.class).one());
        }
    }

    @Test
    void theWriterConnectionIsOpenedTheOneWay() {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            assertThat(database.write("read pragmas", (AttachedHandle handle) -> Pragmas.of(handle.handle()))).isEqualTo(EXPECTED);
        }
    }

    @Test
    void everyReaderThePoolCanLendIsOpenedTheOneWay() throws Exception {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            int readers = database.readers().size();
            CyclicBarrier allLent = new CyclicBarrier(readers);
            ExecutorService threads = Executors.newFixedThreadPool(readers);
            try {
                List<Future<Pragmas>> seen = new ArrayList<>();
                for (int i = 0; i < readers; i++) {
                    // Each read holds its reader until all of them are lent, so each ran on a connection of its own.
                    seen.add(threads.submit(() -> database.read("read pragmas", handle -> {
                        awaitOthers(allLent);
                        return Pragmas.of(handle.handle());
                    })));
                }
                for (Future<Pragmas> pragmas : seen) {
                    assertThat(pragmas.get(10, TimeUnit.SECONDS)).isEqualTo(EXPECTED);
                }
            } finally {
                threads.shutdownNow();
            }
        }
    }

    @Test
    void aDatabaseOpenedWithTheDefaultsIsInWalModeOnDisk() throws SQLException {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            try (Connection plain = PlainConnections.open(database.databaseFile());
                    Handle handle = Jdbi.open(plain)) {
                assertThat(handle.createQuery("PRAGMA journal_mode").mapTo(String.class).one()).isEqualTo("wal");
            }
        }
    }

    private static void awaitOthers(CyclicBarrier barrier) {
        try {
            barrier.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
            throw new IllegalStateException("the readers were not all lent at once", e);
        }
    }
}
