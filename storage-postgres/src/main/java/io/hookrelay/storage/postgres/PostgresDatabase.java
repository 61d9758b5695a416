package io.hookrelay.storage.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.time.UtcClock;
import io.hookrelay.storage.jdbi.AttemptRowMapper;
import io.hookrelay.storage.jdbi.IntentRowMapper;
import io.hookrelay.storage.postgres.schema.IncompatibleSchemaException;
import io.hookrelay.storage.postgres.schema.MigrationTrack;
import io.hookrelay.storage.postgres.schema.PostgresMigrations;
import io.hookrelay.storage.postgres.schema.QueueSchema;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementExceptions;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/**
 * One PostgreSQL database shared by any number of processes: a bounded connection pool, JDBI on top of it,
 * and the queue's tables brought up to date when it opens. Opening it creates only the queue's tables;
 * the relay's stores add theirs.
 *
 * <p>Every call maps PostgreSQL's failures through {@link PostgresErrors}, so callers see the queue's
 * {@code TransientStoreException} for anything that passes (a restart, a lost connection, a deadlock) and
 * can wait it out without being restarted.
 */
public final class PostgresDatabase implements AutoCloseable {
    /**
     * How long a call waits for the pool to hand it a connection once its turn came ({@link #TURN_WAIT}), checking
     * one idle for a while included: an unreachable database answers callers quickly, as transient. With the turn
     * before it and {@link #SOCKET_TIMEOUT} after it, a webhook whose node loses the database mid-request is
     * answered within ten seconds.
     */
    static final Duration CONNECTION_WAIT = Duration.ofSeconds(3);
    /** How long a call may wait for its turn at the pool ({@link GatedConnections}) before that. */
    static final Duration TURN_WAIT = Duration.ofMillis(1500);
    /** How long checking an idle connection before handing it out may take: part of {@link #CONNECTION_WAIT}. */
    static final Duration VALIDATION_WAIT = Duration.ofSeconds(1);
    /**
     * How long a statement waits for the database's next bytes before its call fails as transient: without it, one on
     * the wire when the network falls silent waits out TCP's retransmissions, minutes, and so does the webhook or the
     * readiness check it serves. Far longer than any statement here takes; migrations, which may run long or wait
     * for another node's, have none.
     */
    static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(5);

    /**
     * What the server does with a session whose node has gone silent, a network cut or a node frozen mid-transaction:
     * without these, its transaction stays open, holding its row locks against every other node, until the server's
     * TCP keepalive notices, two hours by default. No transaction here waits on its client for more than moments, so
     * one idle for ten seconds is rolled back; keepalives find a silent client within about 25 s otherwise.
     */
    static final String SERVER_SIDE_SESSION = "-c idle_in_transaction_session_timeout=10s -c tcp_keepalives_idle=10"
            + " -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3";

    private final HikariDataSource pool;
    private final Jdbi jdbi;
    private final Clock clock;
    private final AtomicLong transactions = new AtomicLong();
    private final AtomicLong transactionNanos = new AtomicLong();
    private final AtomicLong transientFailures = new AtomicLong();

    private PostgresDatabase(HikariDataSource pool, Clock clock) {
        this.pool = pool;
        this.clock = clock;
        this.jdbi = Jdbi.create(new GatedConnections(pool, pool.getMaximumPoolSize(), TURN_WAIT)).installPlugin(new SqlObjectPlugin())
                .registerRowMapper(Intent.class, new IntentRowMapper())
                .registerRowMapper(AttemptRecord.class, new AttemptRowMapper())
                .registerRowMapper(ClaimRef.class, (row, context) -> new ClaimRef(row.getString("intent_id"), row.getString("token")))
                .registerRowMapper(IntentDao.Taken.class, (row, context) ->
                        new IntentDao.Taken(row.getString("id"), row.getString("state"), row.getString("claim_token"),
                                row.getString("fifo_key")))
                .registerRowMapper(IntentDao.RetriedLane.class, (row, context) ->
                        new IntentDao.RetriedLane(row.getString("fifo_key"), row.getInt("retried")))
                .registerRowMapper(SettlementDao.Settled.class, (row, context) ->
                        new SettlementDao.Settled(row.getString("id"), row.getBoolean("logged")));
        // Bound values include payloads and error texts: no exception message or log line carries them.
        jdbi.getConfig(StatementExceptions.class).setMessageRendering(StatementExceptions.MessageRendering.NONE);
    }

    /**
     * Connects and applies the queue's migrations.
     *
     * @throws IncompatibleSchemaException when a newer hookrelay migrated the database
     * @throws StoreException              when the database cannot be reached
     */
    public static PostgresDatabase open(PostgresSettings settings, Clock clock) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(clock, "clock");
        return migrated(new PostgresDatabase(pool(settings), clock));
    }

    /**
     * Connects, applies the queue's migrations, and keeps time by the database's clock ({@link DatabaseClock}), as
     * every node of a shared database must: {@link #clock()} is that clock, and closing the database stops it.
     *
     * @throws IncompatibleSchemaException when a newer hookrelay migrated the database
     * @throws StoreException              when the database cannot be reached
     */
    public static PostgresDatabase openOnDatabaseTime(PostgresSettings settings) {
        Objects.requireNonNull(settings, "settings");
        HikariDataSource pool = pool(settings);
        DatabaseClock clock;
        try {
            clock = new DatabaseClock(() -> databaseMicros(pool), () -> UtcClock.microsOf(Instant.now()));
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
        return migrated(new PostgresDatabase(pool, clock));
    }

    /** {@code database} with the queue's migrations applied, or closed if they could not be. */
    private static PostgresDatabase migrated(PostgresDatabase database) {
        try {
            database.migrate(QueueSchema.TRACK);
            return database;
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /** {@code clock_timestamp()}, which moves within a transaction, unlike {@code now()}, in microseconds since the epoch. */
    private static long databaseMicros(HikariDataSource pool) {
        try (Connection connection = pool.getConnection();
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint")) {
            result.next();
            return result.getLong(1);
        } catch (SQLException | RuntimeException e) {
            throw PostgresErrors.translate("read the database's clock", e);
        }
    }

    private static HikariDataSource pool(PostgresSettings settings) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("hookrelay-postgres");
        config.setJdbcUrl(settings.jdbcUrl());
        config.setUsername(settings.user());
        settings.password().ifPresent(config::setPassword);
        config.setMaximumPoolSize(settings.poolSize());
        config.setConnectionTimeout(CONNECTION_WAIT.toMillis());
        config.setValidationTimeout(VALIDATION_WAIT.toMillis());
        // As text: the driver reads its properties with getProperty, which sees no other type.
        config.addDataSourceProperty("socketTimeout", Long.toString(SOCKET_TIMEOUT.toSeconds()));
        // Lets the kernel find a connection whose other end is gone while nothing is being asked on it.
        config.addDataSourceProperty("tcpKeepAlive", "true");
        config.addDataSourceProperty("options", SERVER_SIDE_SESSION);
        // Set once per connection: a transaction that asked for it would read and restore it around each run,
        // two more round trips, and a connection that died meanwhile would fail the restore and hide why.
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        // A node may start while the database is still coming up; the first call then fails as transient.
        config.setInitializationFailTimeout(-1);
        try {
            return new HikariDataSource(config);
        } catch (RuntimeException e) {
            throw PostgresErrors.translate("connect", e);
        }
    }

    /** Applies {@code track}'s missing migrations; how the relay adds its tables to the queue's. */
    public void migrate(MigrationTrack track) {
        run("migrate " + track.name(), handle -> {
            withoutSocketTimeout(handle);
            PostgresMigrations.apply(handle, track, clock);
            return null;
        });
    }

    /** For this use of the pooled connection only: the pool sets its timeout again when it is given back. */
    private static void withoutSocketTimeout(Handle handle) {
        try {
            handle.getConnection().setNetworkTimeout(Runnable::run, 0);
        } catch (SQLException e) {
            throw PostgresErrors.translate("lift the socket timeout", e);
        }
    }

    /** Runs {@code work} in one {@code READ COMMITTED} transaction. */
    public <T> T transaction(String operation, HandleCallback<T, RuntimeException> work) {
        long started = System.nanoTime();
        T result = uncountedTransaction(operation, work);
        transactionNanos.addAndGet(System.nanoTime() - started);
        transactions.incrementAndGet();
        return result;
    }

    /**
     * {@link #transaction}, left out of {@link #transactions()} and {@link #transactionNanos()}: for claims, which
     * an idle pool makes at every poll and whose commits do not wait for the disk.
     */
    <T> T uncountedTransaction(String operation, HandleCallback<T, RuntimeException> work) {
        return run(operation, handle -> handle.inTransaction(work));
    }

    /** Runs {@code work} on a pooled connection in autocommit: for reads and single statements. */
    public <T> T read(String operation, HandleCallback<T, RuntimeException> work) {
        return run(operation, work);
    }

    private <T> T run(String operation, HandleCallback<T, RuntimeException> work) {
        try (Handle handle = jdbi.open()) {
            return work.withHandle(handle);
        } catch (RuntimeException e) {
            if (pool.isClosed()) {
                throw new StoreException(operation + ": the database is closed", e);
            }
            RuntimeException translated = PostgresErrors.translate(operation, e);
            if (translated instanceof TransientStoreException) {
                transientFailures.incrementAndGet();
            }
            throw translated;
        }
    }

    /** Transactions committed through {@link #transaction} since this was opened. */
    public long transactions() {
        return transactions.get();
    }

    /** Time those transactions took, from taking a connection to their commit. */
    public long transactionNanos() {
        return transactionNanos.get();
    }

    /** Calls that failed for a reason that passes: what a worker or a client then waits out. */
    public long transientFailures() {
        return transientFailures.get();
    }

    /** The pool's JDBI, for what needs a connection of its own for long (listening for notifications). */
    Jdbi jdbi() {
        return jdbi;
    }

    public Clock clock() {
        return clock;
    }

    /** How far this node's wall clock is from the database's, when it keeps time by the database's ({@link #openOnDatabaseTime}). */
    public Optional<Duration> clockOffset() {
        return clock instanceof DatabaseClock own ? Optional.of(own.offset()) : Optional.empty();
    }

    /** Whether a write could be made now: the database answers and is not a read-only standby. */
    public boolean isWritable() {
        try {
            return read("check writable", handle -> handle.createQuery("SELECT NOT pg_is_in_recovery()")
                    .mapTo(Boolean.class).one());
        } catch (StoreException e) {
            return false;
        }
    }

    /** Where the data lives, for the start log line: the URL without its parameters, which may hold credentials. */
    public String location() {
        String url = pool.getJdbcUrl();
        int parameters = url.indexOf('?');
        return parameters < 0 ? url : url.substring(0, parameters);
    }

    @Override
    public void close() {
        try {
            if (clock instanceof DatabaseClock own) {
                own.close();
            }
        } finally {
            pool.close();
        }
    }
}
