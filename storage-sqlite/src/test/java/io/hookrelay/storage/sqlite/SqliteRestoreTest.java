package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.DatabaseSnapshot;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.sqlite.files.DataDirectoryLockedException;
import io.hookrelay.storage.sqlite.schema.InvalidBackupException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteRestoreTest {
    @TempDir
    Path temp;

    private final MutableClock clock = new MutableClock();

    @Test
    void aBackupRestoredIntoAnEmptyDirectoryOpensWithItsRowsOwnerOnly() throws IOException {
        Path backup = backupWithSources("github", "stripe");
        Path restored = temp.resolve("restored");

        assertThat(SqliteRestore.restore(backup, restored, clock)).isEmpty();
        assertThat(FileModes.of(restored)).isEqualTo("rwx------");
        assertThat(FileModes.of(restored.resolve("hookrelay.db"))).as("before a server opens it").isEqualTo("rw-------");

        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(restored, clock)) {
            assertThat(database.sourceStore().list(TenantId.DEFAULT)).extracting("id").containsExactly("github", "stripe");
        }
        assertThat(restored.resolve("hookrelay.db" + SqliteRestore.STAGING_SUFFIX)).doesNotExist();
    }

    @Test
    void theReplacedDatabaseIsKeptAsideWithItsWalSoNeitherMixesWithTheBackup() throws IOException {
        Path backup = backupWithSources("from-backup");
        Path live = temp.resolve("live");
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(live, clock)) {
            database.sourceStore().create(TenantId.DEFAULT, RelayFixture.source("from-live"));
        }

        Optional<Path> keptAside = SqliteRestore.restore(backup, live, clock);

        assertThat(keptAside).isPresent();
        assertThat(live.resolve("hookrelay.db-wal")).doesNotExist();
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(live, clock)) {
            assertThat(database.sourceStore().list(TenantId.DEFAULT)).extracting("id").containsExactly("from-backup");
        }
        Path oldDir = temp.resolve("old");
        copyInto(keptAside.get(), oldDir);
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(oldDir, clock)) {
            assertThat(database.sourceStore().list(TenantId.DEFAULT)).extracting("id").containsExactly("from-live");
        }
    }

    @Test
    void aCopyTakenWithItsWalAfterACrashIsRestoredWithWhatOnlyTheWalHolds() throws IOException {
        Path byHand = dataDirectoryAsACrashLeavesIt("checkpointed", "only-in-the-wal");
        Path mainFileAlone = temp.resolve("main-file-alone");
        copyInto(byHand.resolve("hookrelay.db"), mainFileAlone);
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(mainFileAlone, clock)) {
            assertThat(database.sourceStore().list(TenantId.DEFAULT)).as("the main file without its -wal")
                    .extracting("id").containsExactly("checkpointed");
        }
        byte[] walBefore = Files.readAllBytes(byHand.resolve("hookrelay.db-wal"));
        Path restored = temp.resolve("restored");

        SqliteRestore.restore(byHand.resolve("hookrelay.db"), restored, clock);

        assertThat(fileNames(restored)).as("nothing staged is left behind").containsExactlyInAnyOrder("hookrelay.db", "hookrelay.lock");
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(restored, clock)) {
            assertThat(database.sourceStore().list(TenantId.DEFAULT)).extracting("id").containsExactly("checkpointed", "only-in-the-wal");
        }
        assertThat(byHand.resolve("hookrelay.db-wal")).as("the backup is only read").hasBinaryContent(walBefore);
    }

    @Test
    void theDatabaseARestoreKeptAsideAfterACrashCanBeRestoredBackWhole() throws IOException {
        Path crashed = dataDirectoryAsACrashLeavesIt("checkpointed", "only-in-the-wal");
        Optional<Path> keptAside = SqliteRestore.restore(backupWithSources("from-backup"), crashed, clock);
        assertThat(keptAside).isPresent();
        assertThat(Path.of(keptAside.get() + "-wal")).exists();

        SqliteRestore.restore(keptAside.get(), crashed, clock);

        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(crashed, clock)) {
            assertThat(database.sourceStore().list(TenantId.DEFAULT)).extracting("id").containsExactly("checkpointed", "only-in-the-wal");
        }
    }

    @Test
    void aRunningServersDirectoryIsRefusedAndLeftAlone() throws IOException {
        Path backup = backupWithSources("from-backup");
        Path live = temp.resolve("live");
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(live, clock)) {
            database.sourceStore().create(TenantId.DEFAULT, RelayFixture.source("from-live"));

            assertThatThrownBy(() -> SqliteRestore.restore(backup, live, clock)).isInstanceOf(DataDirectoryLockedException.class);

            assertThat(database.sourceStore().list(TenantId.DEFAULT)).extracting("id").containsExactly("from-live");
        }
    }

    @Test
    void aFileThatIsNotAHookrelayDatabaseIsRefusedBeforeAnythingIsReplaced() throws Exception {
        Path notADatabase = Files.writeString(temp.resolve("notes.txt"), "hello, not sqlite", StandardCharsets.UTF_8);
        Path live = temp.resolve("live");
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(live, clock)) {
            database.sourceStore().create(TenantId.DEFAULT, RelayFixture.source("from-live"));
        }

        assertThatThrownBy(() -> SqliteRestore.restore(notADatabase, live, clock))
                .isInstanceOf(InvalidBackupException.class)
                .hasMessageContaining("is not a hookrelay database");

        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(live, clock)) {
            assertThat(database.sourceStore().list(TenantId.DEFAULT)).extracting("id").containsExactly("from-live");
        }
        assertThat(live.resolve("hookrelay.db" + SqliteRestore.STAGING_SUFFIX)).doesNotExist();
    }

    /** A backup as {@code hookrelay backup} downloads it: the bytes of a snapshot, written to a file. */
    private Path backupWithSources(String... ids) throws IOException {
        Path backup = temp.resolve("backup-" + ids[0] + ".db");
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(temp.resolve("origin-" + ids[0]), clock)) {
            SourceStore sources = database.sourceStore();
            for (String id : ids) {
                sources.create(TenantId.DEFAULT, RelayFixture.source(id));
            }
            try (DatabaseSnapshot snapshot = new SqliteDatabaseBackup(database.database()).snapshot()) {
                Files.copy(snapshot.content(), backup);
            }
        }
        return backup;
    }

    /**
     * A data directory holding {@code hookrelay.db} and its {@code -wal} as a crash leaves them: the first
     * source was checkpointed into the main file by a clean close, the second is in the {@code -wal} only,
     * copied while its database was still open.
     */
    private Path dataDirectoryAsACrashLeavesIt(String checkpointedSource, String walOnlySource) throws IOException {
        Path origin = temp.resolve("origin-" + checkpointedSource);
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(origin, clock)) {
            database.sourceStore().create(TenantId.DEFAULT, RelayFixture.source(checkpointedSource));
        }
        Path crashed = Files.createDirectories(temp.resolve("crashed-" + checkpointedSource));
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(origin, clock)) {
            database.sourceStore().create(TenantId.DEFAULT, RelayFixture.source(walOnlySource));
            for (String file : List.of("hookrelay.db", "hookrelay.db-wal")) {
                Files.copy(origin.resolve(file), crashed.resolve(file));
            }
        }
        return crashed;
    }

    private static List<String> fileNames(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).toList();
        }
    }

    private static void copyInto(Path database, Path dir) {
        try {
            Files.createDirectories(dir);
            Files.copy(database, dir.resolve("hookrelay.db"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
