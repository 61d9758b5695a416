package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.hookrelay.queue.time.UtcClock;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;

/**
 * A node keeps time by a real PostgreSQL's clock, whatever its own wall clock says, and says how far off its own is.
 */
class DatabaseClockTest {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    /** Loopback round trips and scheduling on two busy cores: the clocks agree far closer than this. */
    private static final Duration CLOSE = Duration.ofMillis(200);
    private static final long AHEAD_MICROS = Duration.ofSeconds(45).toNanos() / 1_000;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger clockLog = (Logger) LoggerFactory.getLogger(DatabaseClock.class);
    private PostgresDatabase database;

    @BeforeEach
    void open() throws Exception {
        logged.start();
        clockLog.addAppender(logged);
        database = PostgresDatabase.open(postgres.freshSchema(), Clock.systemUTC());
    }

    @AfterEach
    void close() {
        clockLog.detachAppender(logged);
        database.close();
    }

    @Test
    void aNodeWhoseClockIs45SecondsAheadTellsTheDatabasesTimeAndItsOffset() {
        try (DatabaseClock clock = new DatabaseClock(this::databaseMicros, () -> nodeMicros() + AHEAD_MICROS)) {
            Instant told = clock.instant();
            Instant database = Instant.ofEpochSecond(0, databaseMicros() * 1_000);

            assertThat(Duration.between(told, database).abs()).isLessThan(CLOSE);
            assertThat(clock.offset().plusSeconds(45).abs()).isLessThan(CLOSE);
            assertThat(logged.list).singleElement().satisfies(event -> {
                assertThat(event.getLevel()).isEqualTo(Level.WARN);
                assertThat(event.getFormattedMessage()).contains("ahead of the database's");
            });
        }
    }

    @Test
    void aNodeWithinASecondOfTheDatabaseLogsNothing() {
        try (DatabaseClock clock = new DatabaseClock(this::databaseMicros, DatabaseClockTest::nodeMicros)) {
            assertThat(clock.offset().abs()).isLessThan(CLOSE);
            assertThat(logged.list).isEmpty();
        }
    }

    @Test
    void aNewMeasurementBehindTheTimeAlreadyToldHoldsThatTime() {
        AtomicLong stepBack = new AtomicLong();
        LongSupplier stepped = () -> databaseMicros() - stepBack.get();
        try (DatabaseClock clock = new DatabaseClock(stepped, DatabaseClockTest::nodeMicros)) {
            Instant before = clock.instant();
            stepBack.set(Duration.ofSeconds(30).toNanos() / 1_000);

            clock.measure();

            assertThat(clock.instant()).isAfterOrEqualTo(before);
            assertThat(clock.offset().plusSeconds(30).abs()).isLessThan(CLOSE);
        }
    }

    @Test
    void aDatabaseOpenedOnItsTimeKeepsItsClockAndSaysItsOffset() throws Exception {
        try (PostgresDatabase onItsTime = PostgresDatabase.openOnDatabaseTime(postgres.freshSchema())) {
            assertThat(onItsTime.clock()).isInstanceOf(DatabaseClock.class);
            assertThat(Duration.between(onItsTime.clock().instant(), Instant.ofEpochSecond(0, databaseMicros() * 1_000)).abs())
                    .isLessThan(CLOSE);
            assertThat(onItsTime.clockOffset()).hasValueSatisfying(offset -> assertThat(offset.abs()).isLessThan(CLOSE));
        }
        assertThat(database.clockOffset()).isEmpty();
    }

    private long databaseMicros() {
        return database.read("read the clock", handle -> handle
                .createQuery("SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint").mapTo(Long.class).one());
    }

    private static long nodeMicros() {
        return UtcClock.microsOf(Instant.now());
    }
}
