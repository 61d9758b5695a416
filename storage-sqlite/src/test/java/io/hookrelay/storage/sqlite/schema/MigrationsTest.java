package io.hookrelay.storage.sqlite.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.Intent;
import io.hookrelay.storage.sqlite.PlainConnections;
import io.hookrelay.storage.sqlite.RawBytes;
import io.hookrelay.storage.sqlite.SecretsAtRestTest;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import io.hookrelay.storage.sqlite.SqliteRelayDatabase;
import io.hookrelay.storage.sqlite.SqliteTargetStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MigrationsTest {
    private static final Instant FIRST_OPEN = Instant.parse("2025-01-01T00:00:00.123Z");
    private static final Instant SECOND_OPEN = Instant.parse("2025-02-01T00:00:00Z");

    @TempDir
    Path dataDir;

    @TempDir
    Path freshDir;

    record Applied(String track, int version, long appliedAt) {
    }

    @Test
    void theQueueAloneGetsItsOwnStepsRecordedWithTheirTimeInMillisecondsAndNoRelayTable() throws SQLException {
        SqliteDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();

        assertThat(applied()).containsExactlyElementsOf(every(QueueMigrations.TRACK, FIRST_OPEN));
        assertThat(tables(dataDir)).containsExactlyInAnyOrder(
                "intents", "paused_work", "intent_attempts", "schema_migrations", "schema_track_migrations");
    }

    @Test
    void theRelayGetsEveryStepOfBothTracksRecordedWithTheirTimeInMilliseconds() throws SQLException {
        SqliteRelayDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();

        List<Applied> expected = new ArrayList<>(every(QueueMigrations.TRACK, FIRST_OPEN));
        expected.addAll(every(RelayMigrations.TRACK, FIRST_OPEN));
        assertThat(applied()).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** What a hookrelay from before the split reads as the schema's version, and refuses as newer than its 8. */
    @Test
    void aDatabaseRecordedPerTrackLooksNewerToAHookrelayThatKnewOneList() throws SQLException {
        SqliteDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();

        withPlainHandle(handle -> assertThat(handle.createQuery("SELECT max(version) FROM schema_migrations")
                .mapTo(Integer.class).one()).isEqualTo(SchemaRecord.PER_TRACK).isGreaterThan(SingleTrackSchema.LATEST));
    }

    @Test
    void reopeningAnUpToDateDatabaseChangesNothing() throws SQLException {
        SqliteRelayDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();
        List<Applied> before = applied();

        SqliteRelayDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();
        SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();

        assertThat(applied()).isEqualTo(before);
    }

    @Test
    void aDatabaseWithNewerQueueTablesIsRefusedAndLeftAlone() throws SQLException {
        SqliteDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();
        int newer = QueueMigrations.TRACK.latestVersion() + 1;
        withPlainHandle(handle -> handle.execute(
                "INSERT INTO schema_track_migrations (track, version, applied_at) VALUES ('queue', ?, ?)", newer,
                SECOND_OPEN.toEpochMilli()));
        List<Applied> before = applied();

        assertThatThrownBy(() -> SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)))
                .isInstanceOfSatisfying(IncompatibleDatabaseException.class, refused -> {
                    assertThat(refused.databaseVersion()).isEqualTo(newer);
                    assertThat(refused.supportedVersion()).isEqualTo(QueueMigrations.TRACK.latestVersion());
                    assertThat(refused.getMessage())
                            .contains("schema version " + newer + " of its queue tables")
                            .contains("(" + QueueMigrations.TRACK.latestVersion() + ")")
                            .doesNotContain("\n");
                });
        assertThatThrownBy(() -> SqliteRelayDatabase.open(dataDir, clockAt(SECOND_OPEN)))
                .isInstanceOf(IncompatibleDatabaseException.class);

        assertThat(applied()).isEqualTo(before);
        assertThat(tables(dataDir)).as("the relay's tables were not added").doesNotContain("events");
        // Refusing released the directory: once the newer row is gone, the same directory opens.
        withPlainHandle(handle -> handle.execute("DELETE FROM schema_track_migrations WHERE version = ?", newer));
        SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();
    }

    /** The queue alone has no business with the relay's tables, whichever hookrelay last migrated them. */
    @Test
    void aDatabaseWithNewerRelayTablesIsRefusedByTheRelayAndOpensForTheQueue() throws SQLException {
        SqliteRelayDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();
        int newer = RelayMigrations.TRACK.latestVersion() + 1;
        withPlainHandle(handle -> handle.execute(
                "INSERT INTO schema_track_migrations (track, version, applied_at) VALUES ('relay', ?, ?)", newer,
                SECOND_OPEN.toEpochMilli()));

        assertThatThrownBy(() -> SqliteRelayDatabase.open(dataDir, clockAt(SECOND_OPEN)))
                .isInstanceOfSatisfying(IncompatibleDatabaseException.class, refused -> assertThat(refused.getMessage())
                        .contains("schema version " + newer + " of its relay tables"));
        SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();
    }

    @Test
    void aDatabaseWhoseRecordIsOfANewerFormIsRefused() throws SQLException {
        SqliteDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();
        withPlainHandle(handle -> handle.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)",
                SchemaRecord.PER_TRACK + 1));

        assertThatThrownBy(() -> SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)))
                .isInstanceOfSatisfying(IncompatibleDatabaseException.class, refused ->
                        assertThat(refused.databaseVersion()).isEqualTo(SchemaRecord.PER_TRACK + 1));
    }

    /**
     * Every version of the one list amounts to versions of the tracks; taken over as those, and brought up to
     * date, the database has exactly the schema of one made new.
     */
    @ParameterizedTest(name = "from version {0} of the one list")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void aDatabaseMadeAsOneListAndOpenedByTheRelayHasTheSchemaOfANewOne(int version) throws SQLException {
        withPlainHandle(handle -> SingleTrackSchema.migrateTo(handle, version, FIRST_OPEN.toEpochMilli()));
        SqliteRelayDatabase.open(freshDir, clockAt(FIRST_OPEN)).close();

        SqliteRelayDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();

        assertThat(schema(dataDir)).isEqualTo(schema(freshDir)).isNotEmpty();
        assertThat(versions(dataDir)).isEqualTo(versions(freshDir));
    }

    @ParameterizedTest(name = "from version {0} of the one list")
    @ValueSource(ints = {1, 2})
    void aQueueDatabaseMadeAsOneListAndOpenedForTheQueueHasTheSchemaOfANewOne(int version) throws SQLException {
        withPlainHandle(handle -> SingleTrackSchema.migrateTo(handle, version, FIRST_OPEN.toEpochMilli()));
        SqliteDatabase.open(freshDir, clockAt(FIRST_OPEN)).close();

        SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();

        assertThat(schema(dataDir)).isEqualTo(schema(freshDir));
        assertThat(tables(dataDir)).doesNotContain("events");
    }

    /** An application that embedded the queue before the split has the relay's tables; the queue leaves them be. */
    @ParameterizedTest(name = "from version {0} of the one list")
    @ValueSource(ints = {3, 6, 8})
    void aDatabaseMadeAsOneListOpenedForTheQueueFirstStillBecomesTheRelaysSchema(int version) throws SQLException {
        withPlainHandle(handle -> SingleTrackSchema.migrateTo(handle, version, FIRST_OPEN.toEpochMilli()));
        SqliteRelayDatabase.open(freshDir, clockAt(FIRST_OPEN)).close();

        SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();
        SqliteRelayDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();

        assertThat(schema(dataDir)).isEqualTo(schema(freshDir));
    }

    @Test
    void takingOverADatabaseMadeAsOneListKeepsWhenEachStepWasApplied() throws SQLException {
        withPlainHandle(handle -> SingleTrackSchema.migrateTo(handle, SingleTrackSchema.LATEST, FIRST_OPEN.toEpochMilli()));

        SqliteRelayDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();

        long first = FIRST_OPEN.toEpochMilli();
        assertThat(applied()).containsExactlyInAnyOrder(
                new Applied("queue", 1, first + 1), new Applied("queue", 2, first + 2), new Applied("queue", 3, first + 4),
                new Applied("queue", 4, first + 5), new Applied("queue", 5, first + 6),
                new Applied("queue", 6, SECOND_OPEN.toEpochMilli()), new Applied("queue", 7, SECOND_OPEN.toEpochMilli()),
                new Applied("queue", 8, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 1, first + 3),
                new Applied("relay", 2, first + 4), new Applied("relay", 3, first + 7), new Applied("relay", 4, first + 8),
                new Applied("relay", 5, SECOND_OPEN.toEpochMilli()), new Applied("relay", 6, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 7, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 8, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 9, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 10, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 11, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 12, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 13, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 14, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 15, SECOND_OPEN.toEpochMilli()),
                new Applied("relay", 16, SECOND_OPEN.toEpochMilli()));
        withPlainHandle(handle -> assertThat(handle.createQuery("SELECT version FROM schema_migrations ORDER BY version")
                .mapTo(Integer.class).list()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, SchemaRecord.PER_TRACK));
    }

    @Test
    void upgradingHoldsTheOpenIntentsOfWorkPausedBeforeSoClaimsStillSkipThem() throws SQLException {
        withPlainHandle(handle -> {
            SingleTrackSchema.migrateTo(handle, 4, FIRST_OPEN.toEpochMilli());
            handle.execute("INSERT INTO paused_work (kind, target) VALUES ('delivery', 'paused')");
            for (String target : List.of("paused", "live")) {
                handle.execute("""
                        INSERT INTO intents (id, kind, event_id, target, payload, state, attempts, next_at, created_at,
                                             updated_at, last_error, claim_token, claim_until)
                        VALUES (?, 'delivery', 'evt_1', ?, '', 'pending', 0, 0, 0, 0, '', '', 0)""", "dlv_" + target, target);
            }
        });

        try (SqliteDatabase database = SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN))) {
            SqliteIntentStore store = new SqliteIntentStore(database);
            assertThat(store.claim(SECOND_OPEN, Duration.ofMinutes(1), 10)).extracting(Intent::id).containsExactly("dlv_live");

            store.resume("delivery", "paused");
            assertThat(store.claim(SECOND_OPEN, Duration.ofMinutes(1), 10)).extracting(Intent::id).containsExactly("dlv_paused");
        }
    }

    /**
     * Routes become unique by source, target and filters as a set: duplicates already stored are folded into
     * the oldest of each set, and a pointer whose {@code ~} started no escape keeps meaning what it meant.
     */
    @Test
    void upgradingKeepsTheOldestOfDuplicateRoutesAndRewritesPointersToRfc6901() throws SQLException {
        withPlainHandle(handle -> {
            SingleTrackSchema.migrateTo(handle, 6, FIRST_OPEN.toEpochMilli());
            for (String[] source : List.of(new String[] {"orders", "/a~2b"}, new String[] {"tilde", "/a~~0/~"},
                    new String[] {"escaped", "/a~0b/c~1d"})) {
                handle.execute("""
                        INSERT INTO sources (id, verify_scheme, verify_secret, verify_header, verify_prefix, verify_encoding,
                                             event_type_json_pointer, max_body_bytes, created_at, updated_at)
                        VALUES (?, 'none', '', '', '', 'hex', ?, 1024, 0, 0)""", source[0], source[1]);
            }
            for (String target : List.of("billing", "audit")) {
                handle.execute("""
                        INSERT INTO targets (id, url, secret, timeout_ms, retry_schedule_s, max_in_flight, created_at, updated_at)
                        VALUES (?, 'http://127.0.0.1:9/', ?, 1000, '', 1, 0, 0)""", target, RelayFixture.SECRET);
            }
            String[][] routes = {
                {"rte_01", "billing", "order.paid\ninvoice.*"}, {"rte_02", "billing", "invoice.*\norder.paid\ninvoice.*"},
                {"rte_03", "billing", ""}, {"rte_04", "billing", ""}, {"rte_05", "audit", "order.paid\ninvoice.*"},
                {"rte_00", "billing", "invoice.*\norder.paid"}};
            for (String[] route : routes) {
                handle.execute("INSERT INTO routes (id, source_id, target_id, event_types, created_at) VALUES (?, 'orders', ?, ?, 0)",
                        route[0], route[1], route[2]);
            }
        });

        SqliteRelayDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();

        withPlainHandle(handle -> {
            assertThat(handle.createQuery("SELECT id, target_id, event_types FROM routes ORDER BY id")
                    .map((row, context) -> row.getString(1) + " " + row.getString(2) + " " + row.getString(3).replace("\n", "|"))
                    .list())
                    .containsExactly("rte_00 billing invoice.*|order.paid", "rte_03 billing ", "rte_05 audit invoice.*|order.paid");
            assertThat(handle.createQuery("SELECT id, event_type_json_pointer, redact_headers FROM sources ORDER BY id")
                    .map((row, context) -> row.getString(1) + " " + row.getString(2) + " [" + row.getString(3) + "]")
                    .list())
                    .containsExactly("escaped /a~0b/c~1d []", "orders /a~02b []", "tilde /a~0~0/~0 []");
            assertThatThrownBy(() -> handle.execute(
                    "INSERT INTO routes (id, tenant_id, source_id, target_id, event_types, created_at)"
                            + " VALUES ('rte_06', 'default', 'orders', 'billing', '', 0)"))
                    .as("the schema itself refuses a second route for every event from orders to billing")
                    .hasMessageContaining("UNIQUE");
        });
    }

    @Test
    void upgradingSealsTheSecretsStoredInTheClearInPlaceAndLeavesNoFormOfThemInTheFiles() throws Exception {
        String targetSecret = SecretsAtRestTest.target().secret();
        String sourceSecret = SecretsAtRestTest.source().verify().secret();
        withPlainHandle(handle -> {
            SingleTrackSchema.migrateTo(handle, 6, FIRST_OPEN.toEpochMilli());
            handle.execute("""
                    INSERT INTO targets (id, url, secret, timeout_ms, retry_schedule_s, max_in_flight, created_at, updated_at)
                    VALUES ('billing', 'https://billing.example/hooks', ?, 15000, '5,300,1800,7200,18000,36000,50400,72000,86400',
                            10, 0, 0)""", targetSecret);
            handle.execute("""
                    INSERT INTO sources (id, verify_scheme, verify_secret, verify_header, verify_prefix, verify_encoding,
                                         max_body_bytes, created_at, updated_at)
                    VALUES ('github', 'hmac-sha256', ?, 'X-Hub-Signature-256', 'sha256=', 'hex', 1048576, 0, 0),
                           ('open', 'none', '', '', '', 'hex', 1048576, 0, 0)""", sourceSecret);
        });
        assertThat(RawBytes.secretsFoundIn(RawBytes.databaseAndWal(dataDir), targetSecret, sourceSecret))
                .as("the test starts from secrets in the clear").isNotEmpty();

        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir, clockAt(SECOND_OPEN))) {
            assertThat(RawBytes.secretsFoundIn(RawBytes.databaseAndWal(dataDir), targetSecret, sourceSecret)).isEmpty();
            assertThat(new SqliteTargetStore(database).find(TenantId.DEFAULT, "billing")).contains(SecretsAtRestTest.target());
            assertThat(database.sourceStore().find(TenantId.DEFAULT, "github")).contains(SecretsAtRestTest.source());
            assertThat(database.sourceStore().find(TenantId.DEFAULT, "open").orElseThrow().verify().secret()).isEmpty();
        }
        assertThat(RawBytes.secretsFoundIn(RawBytes.databaseAndWal(dataDir), targetSecret, sourceSecret)).isEmpty();
        assertThat(applied()).contains(new Applied(RelayMigrations.NAME, RelayMigrations.SEALS_SECRETS, SECOND_OPEN.toEpochMilli()));
        withPlainHandle(handle -> assertThat(handle.createQuery("""
                        SELECT secret FROM targets UNION ALL SELECT verify_secret FROM sources WHERE verify_secret <> ''""")
                .mapTo(String.class).list()).hasSize(2).allMatch(stored -> stored.startsWith("v1:")));
    }

    private static List<Applied> every(MigrationTrack track, Instant at) {
        return IntStream.rangeClosed(1, track.latestVersion())
                .mapToObj(version -> new Applied(track.name(), version, at.toEpochMilli())).toList();
    }

    private List<Applied> applied() throws SQLException {
        try (Connection connection = PlainConnections.open(dataDir.resolve(SqliteDatabase.DATABASE_FILE));
                Handle handle = Jdbi.open(connection)) {
            return handle.createQuery("SELECT track, version, applied_at FROM schema_track_migrations ORDER BY track DESC, version")
                    .map((row, context) -> new Applied(row.getString("track"), row.getInt("version"), row.getLong("applied_at")))
                    .list();
        }
    }

    private static List<String> versions(Path dir) throws SQLException {
        return query(dir, "SELECT track || ' ' || max(version) FROM schema_track_migrations GROUP BY track ORDER BY track");
    }

    /** Every table, index and its SQL as SQLite keeps them, where in the file aside. */
    private static List<String> schema(Path dir) throws SQLException {
        return query(dir, "SELECT type || ' ' || name || ' ON ' || tbl_name || ': ' || coalesce(sql, '') FROM sqlite_schema ORDER BY type, name");
    }

    private static List<String> tables(Path dir) throws SQLException {
        return query(dir, "SELECT name FROM sqlite_schema WHERE type = 'table'");
    }

    private static List<String> query(Path dir, String sql) throws SQLException {
        try (Connection connection = PlainConnections.open(dir.resolve(SqliteDatabase.DATABASE_FILE));
                Handle handle = Jdbi.open(connection)) {
            return handle.createQuery(sql).mapTo(String.class).list();
        }
    }

    private void withPlainHandle(Consumer<Handle> action) throws SQLException {
        try (Connection connection = PlainConnections.open(dataDir.resolve(SqliteDatabase.DATABASE_FILE));
                Handle handle = Jdbi.create(connection).installPlugin(new SqlObjectPlugin()).open()) {
            action.accept(handle);
        }
    }

    private static Clock clockAt(Instant instant) {
        return Clock.fixed(instant, ZoneOffset.UTC);
    }
}
