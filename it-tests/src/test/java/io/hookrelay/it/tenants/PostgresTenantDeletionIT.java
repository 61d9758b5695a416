package io.hookrelay.it.tenants;

import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The purge of a large tenant on PostgreSQL, on an empty schema, where nothing of it may be left. */
class PostgresTenantDeletionIT extends TenantDeletionScenarios {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    RelayServer startServer(Path dataDir) throws Exception {
        return RelayServer.startOnEmptySchema(dataDir, postgres);
    }

    @Override
    long number(String sql) throws SQLException {
        return Long.parseLong(postgres.rowsAsText(sql).get(0));
    }

    /** Besides the shared tables: the intents' states, attempt logs whose state row is gone, and what nodes count per target. */
    @Override
    String rowsLeft(String tenant) {
        return ROWS_LEFT.formatted(tenant) + """

                 + (SELECT count(*) FROM intent_states WHERE target LIKE '%1$s/%%')
                 + (SELECT count(*) FROM intent_attempts WHERE intent_seq NOT IN (SELECT seq FROM intent_states))
                 + (SELECT count(*) FROM target_slots WHERE target_id LIKE '%1$s/%%')
                 + (SELECT count(*) FROM failure_streaks WHERE target_id LIKE '%1$s/%%')
                 + (SELECT count(*) FROM target_buckets WHERE target_id LIKE '%1$s/%%')""".formatted(tenant);
    }

    /** PostgreSQL's autovacuum reclaims the dead rows, as it does retention's; nothing of hookrelay's to check. */
    @Override
    void checkSpaceReused(RelayServer relay) {
    }
}
