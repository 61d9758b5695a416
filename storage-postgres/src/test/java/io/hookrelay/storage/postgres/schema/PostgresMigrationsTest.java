package io.hookrelay.storage.postgres.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresMigrationsTest {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Test
    void openingAgainAppliesNothingTwice() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        PostgresDatabase.open(settings, Clock.systemUTC()).close();
        try (PostgresDatabase database = PostgresDatabase.open(settings, Clock.systemUTC())) {
            assertThat(appliedVersions(database)).containsExactly(1, 2, 3, 4, 5, 6, 7);
        }
    }

    @Test
    void nodesStartingTogetherMigrateOnce() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        ExecutorService starts = Executors.newFixedThreadPool(4);
        try {
            List<Future<PostgresDatabase>> opened = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Callable<PostgresDatabase> open = () -> PostgresDatabase.open(settings, Clock.systemUTC());
                opened.add(starts.submit(open));
            }
            List<PostgresDatabase> databases = new ArrayList<>();
            for (Future<PostgresDatabase> database : opened) {
                databases.add(database.get());
            }
            assertThat(appliedVersions(databases.get(0))).containsExactly(1, 2, 3, 4, 5, 6, 7);
            databases.forEach(PostgresDatabase::close);
        } finally {
            starts.shutdownNow();
        }
    }

    @Test
    void aDatabaseFromANewerVersionIsRefused() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        try (PostgresDatabase database = PostgresDatabase.open(settings, Clock.systemUTC())) {
            database.transaction("pretend newer", handle -> handle.execute(
                    "INSERT INTO schema_migrations (track, version, applied_at) VALUES ('queue', 99, 0)"));
        }
        assertThatThrownBy(() -> PostgresDatabase.open(settings, Clock.systemUTC()))
                .isInstanceOf(IncompatibleSchemaException.class)
                .hasMessageContaining("version 99");
    }

    private static List<Integer> appliedVersions(PostgresDatabase database) {
        return database.read("versions", handle -> handle
                .createQuery("SELECT version FROM schema_migrations WHERE track = 'queue' ORDER BY version")
                .mapTo(Integer.class).list());
    }
}
