package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.port.WriteFigures;
import io.hookrelay.queue.NewIntent;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteOpenDatabaseTest {
    @TempDir
    Path dataDir;

    @Test
    void anOpenDataDirectoryIsWritableOffersItsOwnBackupsAndNamesItsDirectory() throws Exception {
        try (SqliteOpenDatabase open = new SqliteOpenDatabase(SqliteDatabase.open(dataDir))) {
            assertThat(open.isWritable()).isTrue();
            assertThat(open.backup()).containsInstanceOf(SqliteDatabaseBackup.class);
            assertThat(open.location()).isEqualTo("data dir: " + dataDir.toRealPath());
        }
    }

    @Test
    void writeFiguresCountTheWritersCommitsAndNoBusyRetries() {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteOpenDatabase open = new SqliteOpenDatabase(database);
            WriteFigures before = open.writeFigures();

            new SqliteIntentStore(database).enqueue(NewIntent.of("delivery", "evt_1", "target", "{}"), Instant.EPOCH);

            WriteFigures after = open.writeFigures();
            assertThat(after.transactions()).isGreaterThan(before.transactions());
            assertThat(after.tasks()).isGreaterThan(before.tasks());
            assertThat(after.busyRetries()).isZero();
        }
    }

    @Test
    void closingItClosesTheDatabase() {
        SqliteOpenDatabase open = new SqliteOpenDatabase(SqliteDatabase.open(dataDir));

        open.close();

        assertThat(open.isWritable()).isFalse();
    }
}
