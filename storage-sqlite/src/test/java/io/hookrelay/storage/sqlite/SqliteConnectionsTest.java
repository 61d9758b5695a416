package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
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
    void everyConnectionThePoolCanHoldIsOpenedTheOneWay() throws SQLException {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            List<Connection> held = new ArrayList<>();
            try {
                for (int i = 0; i < SqliteDatabase.MAX_READERS; i++) {
                    held.add(database.readerPool().getConnection());
                }
                for (Connection connection : held) {
                    try (Handle handle = Jdbi.open(connection)) {
                        assertThat(Pragmas.of(handle)).isEqualTo(EXPECTED);
                    }
                }
            } finally {
                for (Connection connection : held) {
                    connection.close();
                }
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
}
