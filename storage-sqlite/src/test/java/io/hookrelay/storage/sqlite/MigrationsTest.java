package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.Intent;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MigrationsTest {
    private static final Instant FIRST_OPEN = Instant.parse("2025-01-01T00:00:00.123Z");
    private static final Instant SECOND_OPEN = Instant.parse("2025-02-01T00:00:00Z");

    @TempDir
    Path dataDir;

    record Applied(int version, long appliedAt) {
    }

    @Test
    void aFreshDatabaseGetsEveryMigrationRecordedWithItsTimeInMilliseconds() throws SQLException {
        SqliteDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();

        List<Applied> applied = applied();
        assertThat(applied).extracting(Applied::version)
                .containsExactlyElementsOf(Migrations.ALL.stream().map(Migrations.Migration::version).toList())
                .isSorted()
                .doesNotHaveDuplicates()
                .endsWith(Migrations.latestVersion());
        assertThat(applied).extracting(Applied::appliedAt).containsOnly(FIRST_OPEN.toEpochMilli());
    }

    @Test
    void reopeningAnUpToDateDatabaseChangesNothing() throws SQLException {
        SqliteDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();
        List<Applied> before = applied();

        SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();

        assertThat(applied()).isEqualTo(before);
    }

    @Test
    void aDatabaseFromANewerVersionIsRefusedAndLeftAlone() throws SQLException {
        SqliteDatabase.open(dataDir, clockAt(FIRST_OPEN)).close();
        int newer = Migrations.latestVersion() + 1;
        withPlainHandle(handle -> handle.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", newer, SECOND_OPEN.toEpochMilli()));
        List<Applied> before = applied();

        assertThatThrownBy(() -> SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)))
                .isInstanceOfSatisfying(IncompatibleDatabaseException.class, refused -> {
                    assertThat(refused.databaseVersion()).isEqualTo(newer);
                    assertThat(refused.supportedVersion()).isEqualTo(Migrations.latestVersion());
                    assertThat(refused.getMessage())
                            .contains("schema version " + newer)
                            .contains("(" + Migrations.latestVersion() + ")")
                            .doesNotContain("\n");
                });

        assertThat(applied()).isEqualTo(before);
        // Refusing released the directory: once the newer row is gone, the same directory opens.
        withPlainHandle(handle -> handle.execute("DELETE FROM schema_migrations WHERE version = ?", newer));
        SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();
    }

    @Test
    void upgradingHoldsTheOpenIntentsOfWorkPausedBeforeSoClaimsStillSkipThem() throws SQLException {
        withPlainHandle(handle -> {
            migrateTo(handle, 4);
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
            migrateTo(handle, 6);
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

        SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN)).close();

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
                    "INSERT INTO routes (id, source_id, target_id, event_types, created_at) VALUES ('rte_06', 'orders', 'billing', '', 0)"))
                    .as("the schema itself refuses a second route for every event from orders to billing")
                    .hasMessageContaining("UNIQUE");
        });
    }

    @Test
    void upgradingSealsTheSecretsStoredInTheClearInPlaceAndLeavesNoFormOfThemInTheFiles() throws Exception {
        String targetSecret = SecretsAtRestTest.target().secret();
        String sourceSecret = SecretsAtRestTest.source().verify().secret();
        withPlainHandle(handle -> {
            migrateTo(handle, 6);
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

        try (SqliteDatabase database = SqliteDatabase.open(dataDir, clockAt(SECOND_OPEN))) {
            assertThat(RawBytes.secretsFoundIn(RawBytes.databaseAndWal(dataDir), targetSecret, sourceSecret)).isEmpty();
            assertThat(new SqliteTargetStore(database).find("billing")).contains(SecretsAtRestTest.target());
            assertThat(new SqliteSourceStore(database).find("github")).contains(SecretsAtRestTest.source());
            assertThat(new SqliteSourceStore(database).find("open").orElseThrow().verify().secret()).isEmpty();
        }
        assertThat(RawBytes.secretsFoundIn(RawBytes.databaseAndWal(dataDir), targetSecret, sourceSecret)).isEmpty();
        assertThat(applied()).extracting(Applied::version).contains(7);
        withPlainHandle(handle -> assertThat(handle.createQuery("""
                        SELECT secret FROM targets UNION ALL SELECT verify_secret FROM sources WHERE verify_secret <> ''""")
                .mapTo(String.class).list()).hasSize(2).allMatch(stored -> stored.startsWith("v1:")));
    }

    private static void migrateTo(Handle handle, int version) {
        MigrationDao migrations = handle.attach(MigrationDao.class);
        migrations.createTableIfMissing();
        Migrations.ALL.stream().filter(migration -> migration.version() <= version).forEach(migration -> {
            handle.createScript(migration.sql()).execute();
            migrations.record(migration.version(), FIRST_OPEN.toEpochMilli());
        });
    }

    private List<Applied> applied() throws SQLException {
        try (Connection connection = PlainConnections.open(dataDir.resolve(SqliteDatabase.DATABASE_FILE));
                Handle handle = Jdbi.open(connection)) {
            return handle.createQuery("SELECT version, applied_at FROM schema_migrations ORDER BY version")
                    .map((row, context) -> new Applied(row.getInt("version"), row.getLong("applied_at")))
                    .list();
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
