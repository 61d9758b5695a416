package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteDatabaseFileSizesTest {

    @TempDir
    Path dataDir;

    @Test
    void theSizesAreThoseOfTheDatabaseFileAndItsWriteAheadLog() throws Exception {
        Path databaseFile = dataDir.resolve(SqliteDatabase.DATABASE_FILE);
        try (SqliteRelayFixture relay = new SqliteRelayFixture(dataDir)) {
            relay.configure(List.of("orders"), List.of("billing"));
            relay.ingest("orders", "billing");

            assertThat(relay.database.databaseBytes()).isPositive().isEqualTo(Files.size(databaseFile));
            assertThat(relay.database.walBytes()).as("commits since the last checkpoint are in the log")
                    .isPositive().isEqualTo(Files.size(dataDir.resolve(SqliteDatabase.DATABASE_FILE + "-wal")));
        }
    }

    @Test
    void noWriteAheadLogIsZeroBytes() {
        SqliteDatabase database = SqliteDatabase.open(dataDir);
        database.close();

        // The last connection to close checkpoints the log and removes it.
        assertThat(database.walBytes()).isZero();
        assertThat(database.databaseBytes()).isPositive();
    }
}
