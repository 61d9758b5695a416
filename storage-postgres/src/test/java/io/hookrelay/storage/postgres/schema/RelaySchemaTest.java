package io.hookrelay.storage.postgres.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RelaySchemaTest {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Test
    void anApplicationThatEmbedsOnlyTheQueueGetsNoRelayTables() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.open(postgres.freshSchema(), Clock.systemUTC())) {
            assertThat(tables(database)).containsExactlyInAnyOrder("intents", "intent_states", "paused_work", "intent_attempts",
                    "schema_migrations");
        }
    }

    @Test
    void theRelaysTablesAreATrackOfTheirOwnAppliedOnce() throws Exception {
        PostgresSettings settings = postgres.freshSchema();
        new RelayNode(settings, Clock.systemUTC()).close();

        try (RelayNode node = new RelayNode(settings, Clock.systemUTC())) {
            assertThat(tables(node.database)).contains("sources", "targets", "routes", "events", "idempotency_keys",
                    "deliveries", "secret_key_check", "target_slots", "failure_streaks", "settings", "target_alerts");
            List<String> versions = node.database.read("versions", handle -> handle
                    .createQuery("SELECT track || ' ' || version FROM schema_migrations ORDER BY track, version")
                    .mapTo(String.class).list());
            assertThat(versions).containsExactly("queue 1", "queue 2", "queue 3", "queue 4", "queue 5", "queue 6", "queue 7",
                    "relay 1", "relay 2", "relay 3", "relay 4", "relay 5", "relay 6", "relay 7", "relay 8", "relay 9", "relay 10",
                    "relay 11", "relay 12", "relay 13", "relay 14");
        }
    }

    private static List<String> tables(PostgresDatabase database) {
        return database.read("tables", handle -> handle
                .createQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
                .mapTo(String.class).list());
    }
}
