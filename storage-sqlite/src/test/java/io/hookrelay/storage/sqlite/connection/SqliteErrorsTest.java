package io.hookrelay.storage.sqlite.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLTransientConnectionException;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

class SqliteErrorsTest {

    @TempDir
    Path dataDir;

    @ParameterizedTest
    @EnumSource(value = SQLiteErrorCode.class, names = {
            "SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED", "SQLITE_IOERR_LOCK", "SQLITE_IOERR_SHMLOCK"})
    void busyLockedAndLockLevelIoErrorsAreTransient(SQLiteErrorCode code) {
        RuntimeException translated = SqliteErrors.translate("claim", new SQLiteException("x", code));

        assertThat(translated).isInstanceOf(TransientStoreException.class).hasMessage("claim failed: " + code.name());
    }

    @ParameterizedTest
    @EnumSource(value = SQLiteErrorCode.class, names = {
            "SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_READONLY", "SQLITE_IOERR_WRITE",
            "SQLITE_IOERR_FSYNC", "SQLITE_CANTOPEN", "SQLITE_MISUSE"})
    void whatLeavesTheStoreUnusableIsNotTransient(SQLiteErrorCode code) {
        RuntimeException translated = SqliteErrors.translate("enqueue", new SQLiteException("x", code));

        assertThat(translated).isInstanceOf(StoreException.class).isNotInstanceOf(TransientStoreException.class)
                .hasMessage("enqueue failed: " + code.name());
    }

    @Test
    void aFullDiskIsTransientAndSaysSo() {
        SQLiteException driver = new SQLiteException("[SQLITE_FULL] database or disk is full", SQLiteErrorCode.SQLITE_FULL);

        RuntimeException translated = SqliteErrors.translate("store event", new IllegalStateException("wrapped", driver));

        assertThat(translated).isInstanceOf(TransientStoreException.class).hasMessage("store event failed: SQLITE_FULL (the disk is full)");
        assertThat(SqliteErrors.isDiskFull(translated)).isTrue();
        assertThat(SqliteErrors.isDiskFull(new SQLiteException("x", SQLiteErrorCode.SQLITE_BUSY))).isFalse();
    }

    @Test
    void theMessageAndCauseCarryNoneOfWhatJdbiRendered() {
        SQLiteException driver = new SQLiteException("[SQLITE_FULL] database or disk is full", SQLiteErrorCode.SQLITE_FULL);
        UnableToExecuteStatementException jdbi = new UnableToExecuteStatementException(
                "INSERT … arguments:{payload:secret-card-number}", driver, null);

        RuntimeException translated = SqliteErrors.translate("enqueue", jdbi);

        assertThat(translated).hasMessage("enqueue failed: SQLITE_FULL (the disk is full)").hasCause(driver);
        StringWriter printed = new StringWriter();
        translated.printStackTrace(new PrintWriter(printed));
        assertThat(printed.toString()).contains("disk is full").doesNotContain("secret");
    }

    @Test
    void aPoolThatGaveNoConnectionInTimeIsTransient() {
        RuntimeException translated = SqliteErrors.translate("find",
                new IllegalStateException("wrapped", new SQLTransientConnectionException("pool exhausted")));

        assertThat(translated).isInstanceOf(TransientStoreException.class);
    }

    @Test
    void whatIsNotADatabaseFailureStaysWhatItIs() {
        IllegalArgumentException badInput = new IllegalArgumentException("id already used");

        assertThat(SqliteErrors.translate("enqueue", badInput)).isSameAs(badInput);
    }

    @Test
    void aFileThatIsNotADatabaseIsRefusedForGoodAndTheDirectoryIsReleased() throws Exception {
        Files.createDirectories(dataDir);
        Path databaseFile = dataDir.resolve(SqliteDatabase.DATABASE_FILE);
        Files.writeString(databaseFile, "this is not a database, ".repeat(200), StandardCharsets.US_ASCII);

        assertThatThrownBy(() -> SqliteDatabase.open(dataDir))
                .isInstanceOf(StoreException.class)
                .isNotInstanceOf(TransientStoreException.class)
                .hasMessageContaining("not an SQLite database");

        Files.delete(databaseFile);
        SqliteDatabase.open(dataDir).close();
    }
}
