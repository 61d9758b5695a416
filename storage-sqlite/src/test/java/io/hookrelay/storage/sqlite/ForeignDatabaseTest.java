package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.storage.sqlite.files.SecretKeyFile;
import io.hookrelay.storage.sqlite.schema.ForeignDatabaseException;
import io.hookrelay.storage.sqlite.schema.QueueMigrations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A {@code hookrelay.db} that some other program made is refused as it is, never migrated into hookrelay's. */
class ForeignDatabaseTest {
    @TempDir
    Path dataDir;

    private Path databaseFile() {
        return dataDir.resolve(SqliteDatabase.DATABASE_FILE);
    }

    @Test
    void anotherProgramsDatabaseIsRefusedInOneLineAndLeftByteForByte() throws Exception {
        try (Connection other = PlainConnections.open(databaseFile())) {
            PlainConnections.execute(other, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount INTEGER)");
            PlainConnections.execute(other, "INSERT INTO invoices (amount) VALUES (42)");
        }
        assertRefusedUnchanged("it has 1 table(s) but no schema_migrations");
    }

    @Test
    void anotherProgramsDatabaseInWalModeIsRefusedAndLeftByteForByte() throws Exception {
        try (Connection other = PlainConnections.open(databaseFile())) {
            PlainConnections.execute(other, "PRAGMA journal_mode = WAL");
            PlainConnections.execute(other, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount INTEGER)");
        }
        assertRefusedUnchanged("no schema_migrations");
    }

    @Test
    void aFileThatIsNotSqliteIsRefusedAndLeftAlone() throws Exception {
        Files.writeString(databaseFile(), "these are somebody's notes, not a database\n".repeat(200), StandardCharsets.UTF_8);

        assertRefusedUnchanged("not an SQLite database");
    }

    @Test
    void anEmptyFileIsANewDatabaseAndGetsInitialised() throws IOException, SQLException {
        Files.createFile(databaseFile());

        SqliteDatabase.open(dataDir).close();

        try (Connection connection = PlainConnections.open(databaseFile())) {
            assertThat(PlainConnections.count(connection, "SELECT max(version) FROM schema_track_migrations WHERE track = 'queue'"))
                    .isEqualTo(QueueMigrations.TRACK.latestVersion());
        }
    }

    private void assertRefusedUnchanged(String why) throws IOException {
        byte[] before = Files.readAllBytes(databaseFile());
        FileTime modified = Files.getLastModifiedTime(databaseFile());

        assertThatThrownBy(() -> SqliteDatabase.open(dataDir))
                .isInstanceOf(ForeignDatabaseException.class)
                .hasMessageContaining(databaseFile().getFileName().toString())
                .hasMessageContaining(why)
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> SqliteRelayDatabase.open(dataDir))
                .isInstanceOf(ForeignDatabaseException.class)
                .hasMessageContaining(why);

        assertThat(Files.readAllBytes(databaseFile())).isEqualTo(before);
        assertThat(Files.getLastModifiedTime(databaseFile())).isEqualTo(modified);
        assertThat(dataDir.resolve(SqliteDatabase.DATABASE_FILE + "-wal")).doesNotExist();
        assertThat(dataDir.resolve(SecretKeyFile.FILE_NAME)).as("no key made for it").doesNotExist();
        // Refusing released the directory: with the file moved away, a new database opens in it.
        Files.move(databaseFile(), dataDir.resolve("theirs.db"));
        SqliteRelayDatabase.open(dataDir).close();
    }
}
