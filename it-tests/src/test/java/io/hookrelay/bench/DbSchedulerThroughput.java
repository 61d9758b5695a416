package io.hookrelay.bench;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.jdbc.DefaultJdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.JdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.PostgreSqlJdbcCustomization;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The peer baseline: the same no-op workload on db-scheduler, on SQLite on the same file system, with the
 * same durability ({@code synchronous=FULL}, WAL), or on the same PostgreSQL server. Producers schedule one-time tasks due now, its worker
 * threads run a handler that does nothing, and the clock stops when the last task's row is gone, which is
 * when db-scheduler has written its completion.
 *
 * <p>db-scheduler ships no SQLite dialect (it writes the ANSI {@code FETCH FIRST} clause, which SQLite
 * refuses), so {@link SqliteDialect} gives it {@code LIMIT}. It reaches the database through a pool of
 * connections, as it does on any database; SQLite then serialises their writes with its file lock, and
 * {@code busy_timeout} makes a writer wait for the lock rather than fail.
 */
final class DbSchedulerThroughput {
    private static final String TASK = "bench-no-op";
    private static final String TABLE = """
            CREATE TABLE scheduled_tasks (
                task_name TEXT NOT NULL,
                task_instance TEXT NOT NULL,
                task_data BLOB,
                execution_time TIMESTAMP NOT NULL,
                picked BOOLEAN NOT NULL,
                picked_by TEXT,
                last_success TIMESTAMP,
                last_failure TIMESTAMP,
                consecutive_failures INT,
                last_heartbeat TIMESTAMP,
                version BIGINT NOT NULL,
                priority SMALLINT,
                PRIMARY KEY (task_name, task_instance))""";
    /** db-scheduler's table as its repository gives it for PostgreSQL. */
    private static final String POSTGRES_TABLE = """
            CREATE TABLE scheduled_tasks (
                task_name TEXT NOT NULL,
                task_instance TEXT NOT NULL,
                task_data BYTEA,
                execution_time TIMESTAMP WITH TIME ZONE NOT NULL,
                picked BOOLEAN NOT NULL,
                picked_by TEXT,
                last_success TIMESTAMP WITH TIME ZONE,
                last_failure TIMESTAMP WITH TIME ZONE,
                consecutive_failures INT,
                last_heartbeat TIMESTAMP WITH TIME ZONE,
                version BIGINT NOT NULL,
                priority SMALLINT,
                PRIMARY KEY (task_name, task_instance))""";

    private DbSchedulerThroughput() {
    }

    /** Tasks per second, first schedule to last completion written. */
    static double measure(Path databaseFile, int tasks, int producers, int workers, Duration timeout) throws Exception {
        try (HikariDataSource dataSource = dataSource(databaseFile, producers + workers + 2)) {
            createTable(dataSource);
            return tasksPerSecond(dataSource, new SchedulerSetup(new SqliteDialect(), false), tasks, producers, workers, timeout);
        }
    }

    /**
     * The same on PostgreSQL, with db-scheduler's own PostgreSQL dialect and the polling it recommends for
     * throughput there: lock-and-fetch, which claims due rows with {@code FOR UPDATE SKIP LOCKED}.
     */
    static double measureOnPostgres(PostgresBenchDatabase bench, int tasks, int producers, int workers, Duration timeout)
            throws Exception {
        bench.execute(POSTGRES_TABLE);
        bench.execute("CREATE INDEX execution_time_idx ON scheduled_tasks (execution_time)");
        bench.execute("CREATE INDEX last_heartbeat_idx ON scheduled_tasks (last_heartbeat)");
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(bench.jdbcUrl());
        config.setUsername(bench.user());
        bench.password().ifPresent(config::setPassword);
        config.setMaximumPoolSize(producers + workers + 2);
        try (HikariDataSource dataSource = new HikariDataSource(config)) {
            return tasksPerSecond(dataSource, new SchedulerSetup(new PostgreSqlJdbcCustomization(false, true), true), tasks,
                    producers, workers, timeout);
        }
    }

    private record SchedulerSetup(JdbcCustomization dialect, boolean lockAndFetch) {
    }

    private static double tasksPerSecond(HikariDataSource dataSource, SchedulerSetup setup, int tasks, int producers, int workers,
            Duration timeout) throws Exception {
        CountDownLatch executed = new CountDownLatch(tasks);
        OneTimeTask<Void> task = Tasks.oneTime(TASK).execute((instance, context) -> executed.countDown());
        SchedulerBuilder builder = new SchedulerBuilder(dataSource, List.of(task))
                .jdbcCustomization(setup.dialect())
                .threads(workers)
                .pollingInterval(Duration.ofMillis(100))
                .enableImmediateExecution();
        if (setup.lockAndFetch()) {
            builder.pollUsingLockAndFetch(0.5, 4.0);
        }
        Scheduler scheduler = builder.build();
        scheduler.start();
        try {
            long started = System.nanoTime();
            Concurrently.shareOut(tasks, producers, i -> scheduler.schedule(task.instance("task-" + i), Instant.now()));
            if (!executed.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("db-scheduler ran only " + (tasks - executed.getCount()) + " of " + tasks
                        + " tasks within " + timeout);
            }
            awaitEveryCompletionWritten(dataSource, timeout);
            return tasks / SqliteLimit.seconds(System.nanoTime() - started);
        } finally {
            scheduler.stop();
        }
    }

    private static HikariDataSource dataSource(Path databaseFile, int connections) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:sqlite:" + databaseFile);
        config.setMaximumPoolSize(connections);
        config.addDataSourceProperty("journal_mode", "WAL");
        config.addDataSourceProperty("synchronous", "FULL");
        config.addDataSourceProperty("busy_timeout", "10000");
        return new HikariDataSource(config);
    }

    private static void createTable(HikariDataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA journal_mode=WAL");
            statement.execute(TABLE);
            statement.execute("CREATE INDEX execution_time_idx ON scheduled_tasks (execution_time)");
            statement.execute("CREATE INDEX last_heartbeat_idx ON scheduled_tasks (last_heartbeat)");
        }
    }

    private static void awaitEveryCompletionWritten(HikariDataSource dataSource, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (remaining(dataSource) > 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("db-scheduler's completions were not all written within " + timeout);
            }
            Thread.sleep(1);
        }
    }

    private static long remaining(HikariDataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet count = statement.executeQuery("SELECT count(*) FROM scheduled_tasks")) {
            count.next();
            return count.getLong(1);
        }
    }

    /** db-scheduler's default dialect, with the row limit written the way SQLite reads it. */
    static final class SqliteDialect extends DefaultJdbcCustomization {
        SqliteDialect() {
            super(true);
        }

        @Override
        public String getName() {
            return "SQLite";
        }

        @Override
        public boolean supportsExplicitQueryLimitPart() {
            return true;
        }

        @Override
        public String getQueryLimitPart(int limit) {
            return " LIMIT " + limit;
        }
    }
}
