package io.hookrelay.storage.sqlite.connection;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteDataSource;
import org.sqlite.SQLiteOpenMode;

/**
 * The one way a connection to the database is opened, for the writer and for every pooled reader alike.
 *
 * <p>The busy timeout comes first. sqlite-jdbc applies {@link SQLiteConfig#setBusyTimeout} through the C
 * API right after opening, before any pragma (checked in 3.51.3.0: {@code DB.open} then
 * {@code SQLiteConfig.apply}), but it runs the pragmas it is given in the iteration order of a
 * {@code Properties} table, which is no order at all. So the config carries no pragmas, and they are run
 * here, in order: {@code busy_timeout} again (explicit, and what each connection reports), then
 * {@code journal_mode=WAL}, which takes a lock and must therefore already be covered by the busy handler,
 * then {@code synchronous=FULL}, {@code foreign_keys=ON} and {@code journal_size_limit}.
 *
 * <p>The cache is private: under a shared cache an in-process conflict is {@code SQLITE_LOCKED}, which
 * the busy handler does not wait out. The transaction mode is {@code IMMEDIATE} so that even a JDBC
 * transaction started through {@code setAutoCommit(false)} takes the write lock up front. Generated keys are
 * off: nothing here reads them, and sqlite-jdbc would otherwise prepare and run {@code SELECT last_insert_rowid()}
 * after every insert, a measurable share of the writer thread's time.
 *
 * <p>{@code journal_size_limit} is set because a long reader (an operator's {@code sqlite3 hookrelay.db .dump}
 * left open in a pager, a backup tool) keeps every checkpoint from finishing, so the WAL grows with every write
 * for as long as it reads. SQLite reuses a WAL from its start once a checkpoint has caught up, but never gives
 * the space back on its own: without a limit the {@code -wal} file stays at the largest size any reader ever
 * let it reach, for the life of the process. With one, the first commit after that restart cuts the file back
 * to the limit. The limit is well above what the default auto-checkpoint (1000 pages, about 4 MiB) leaves in
 * steady operation, so the file is only ever cut after it was held open, never truncated and regrown on every
 * checkpoint.
 */
public final class SqliteConnections extends SQLiteDataSource {
    public static final Duration BUSY_TIMEOUT = Duration.ofSeconds(10);
    /** The most a {@code -wal} file keeps of its size once it is reset, in bytes. */
    public static final long JOURNAL_SIZE_LIMIT = 16L * 1024 * 1024;

    private final Path databaseFile;

    public SqliteConnections(Path databaseFile) {
        super(config());
        this.databaseFile = databaseFile;
        setUrl("jdbc:sqlite:" + databaseFile);
    }

    public Path databaseFile() {
        return databaseFile;
    }

    private static SQLiteConfig config() {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(Math.toIntExact(BUSY_TIMEOUT.toMillis()));
        config.setSharedCache(false);
        config.setOpenMode(SQLiteOpenMode.PRIVATECACHE);
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        config.setGetGeneratedKeys(false);
        return config;
    }

    /** WAL is what keeps a reader from blocking the writer; a file system that refuses it is refused. */
    private static void requireWal(Statement statement) throws SQLException {
        try (ResultSet result = statement.executeQuery("PRAGMA journal_mode = WAL")) {
            String mode = result.next() ? result.getString(1) : "nothing";
            if (!"wal".equalsIgnoreCase(mode)) {
                throw new SQLException("journal_mode=WAL was refused; the database stayed in " + mode + " mode");
            }
        }
    }

    @Override
    public SQLiteConnection getConnection(String username, String password) throws SQLException {
        SQLiteConnection connection = super.getConnection(username, password);
        try (Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA busy_timeout = " + BUSY_TIMEOUT.toMillis());
            requireWal(statement);
            statement.execute("PRAGMA synchronous = FULL");
            statement.execute("PRAGMA foreign_keys = ON");
            statement.execute("PRAGMA journal_size_limit = " + JOURNAL_SIZE_LIMIT);
            return connection;
        } catch (SQLException e) {
            try {
                connection.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }
}
