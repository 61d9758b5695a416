package io.hookrelay.storage.sqlite.schema;

import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.sqlite.connection.SqliteConnections;
import io.hookrelay.storage.sqlite.connection.SqliteErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * What the database file holds, read before anything writes to it: the writer's first pragma
 * ({@code journal_mode=WAL}) already rewrites a file's header, so a file that is not hookrelay's must be
 * refused before the writer opens it. The connections are read-only, and a read-only connection never
 * checkpoints, so the file is left exactly as it was.
 *
 * @param isNew        whether it holds nothing yet, not even a record of migrations
 * @param keyCheck     the {@code secret_key_check} value its secrets were sealed beside, once it has one; the
 *                     relay's (see {@code RelayOpening}), absent where only the queue's tables are
 * @param holdsSecrets whether any target, or any source that verifies, has been stored
 */
public record DatabaseProbe(boolean isNew, Optional<String> keyCheck, boolean holdsSecrets) {
    private static final String MIGRATIONS_TABLE = "schema_migrations";
    private static final String KEY_CHECK_TABLE = "secret_key_check";

    /**
     * @param tracks what it is about to be migrated with
     * @throws ForeignDatabaseException      when the file is not hookrelay's (other tables, or not SQLite)
     * @throws IncompatibleDatabaseException when a newer hookrelay migrated it
     * @throws StoreException                when it cannot be read
     */
    public static DatabaseProbe of(Path databaseFile, List<MigrationTrack> tracks) {
        try {
            if (Files.size(databaseFile) == 0) {
                return new DatabaseProbe(true, Optional.empty(), false);
            }
        } catch (IOException e) {
            throw new StoreException("cannot read " + databaseFile, e);
        }
        inspect(databaseFile, databaseFile.toUri() + "?immutable=1", tracks);
        return inspect(databaseFile, databaseFile.toString(), tracks);
    }

    /**
     * Looked at twice. First as an immutable file, which SQLite reads without a lock, a {@code -wal} or a
     * {@code -shm}, so another program's file is refused with nothing made beside it. Then, for a file that is
     * hookrelay's (or looks empty), as a database, together with what its {@code -wal} holds: after a crash, the
     * key check may be there only.
     */
    private static DatabaseProbe inspect(Path databaseFile, String name, List<MigrationTrack> tracks) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(Math.toIntExact(SqliteConnections.BUSY_TIMEOUT.toMillis()));
        try (Connection connection = config.createConnection("jdbc:sqlite:" + name);
             Statement statement = connection.createStatement()) {
            Set<String> tables = tables(statement);
            if (tables.isEmpty()) {
                return new DatabaseProbe(true, Optional.empty(), false);
            }
            if (!tables.contains(MIGRATIONS_TABLE)) {
                throw new ForeignDatabaseException(databaseFile, "it has " + tables.size() + " table(s) but no " + MIGRATIONS_TABLE);
            }
            SchemaRecord schema = SchemaRecord.read(connection);
            schema.requireKnown(databaseFile, tracks);
            Optional<String> keyCheck = tables.contains(KEY_CHECK_TABLE)
                    ? single(statement, "SELECT value FROM " + KEY_CHECK_TABLE + " WHERE id = 1")
                    : Optional.empty();
            boolean holdsSecrets = tables.contains("targets") && single(statement, """
                    SELECT EXISTS (SELECT 1 FROM targets) OR EXISTS (SELECT 1 FROM sources WHERE verify_secret <> '')""")
                    .map("1"::equals).orElse(false);
            return new DatabaseProbe(schema.isNew(), keyCheck, holdsSecrets);
        } catch (SQLiteException e) {
            if (e.getResultCode() == SQLiteErrorCode.SQLITE_NOTADB) {
                throw new ForeignDatabaseException(databaseFile, "it is not an SQLite database");
            }
            throw SqliteErrors.translate("read " + databaseFile, e);
        } catch (SQLException e) {
            throw SqliteErrors.translate("read " + databaseFile, e);
        }
    }

    private static Set<String> tables(Statement statement) throws SQLException {
        Set<String> tables = new HashSet<>();
        try (ResultSet names = statement.executeQuery("SELECT name FROM sqlite_schema WHERE type = 'table'")) {
            while (names.next()) {
                tables.add(names.getString(1));
            }
        }
        return tables;
    }

    private static Optional<String> single(Statement statement, String query) throws SQLException {
        try (ResultSet result = statement.executeQuery(query)) {
            return result.next() ? Optional.ofNullable(result.getString(1)) : Optional.empty();
        }
    }
}
