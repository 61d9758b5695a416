package io.hookrelay.it.tenants;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.RelayServer;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/** The purge of a large tenant on SQLite, read back through a connection of the test's own to the database file. */
class SqliteTenantDeletionIT extends TenantDeletionScenarios {
    /**
     * A quarter of what was purged, so they fit in the pages the purge freed although each of them, delivered, also
     * has an attempt log.
     */
    private static final int REFILL = EVENTS / 4;

    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }

    /** Attempt logs reference their intents, so any left would be ones whose intent is gone. */
    @Override
    String rowsLeft(String tenant) {
        return ROWS_LEFT.formatted(tenant) + "\n     + (SELECT count(*) FROM intent_attempts WHERE intent_id NOT IN (SELECT id FROM intents))";
    }

    /** The rows written next take the pages the purge freed: the file does not grow while free pages remain. */
    @Override
    void checkSpaceReused(RelayServer relay) throws Exception {
        long pages = number("PRAGMA page_count");
        long free = number("PRAGMA freelist_count");
        try (WebhookLoad refill = WebhookLoad.start(relay.baseUri(), "beta/github", 8, Duration.ZERO, 0)) {
            Await.until(REFILL + " new events of beta", Duration.ofMinutes(5), () -> refill.acknowledgedCount() >= REFILL);
        }
        long pagesAfter = number("PRAGMA page_count");
        long freeAfter = number("PRAGMA freelist_count");
        System.out.printf("[figures] SqliteTenantDeletionIT after the purge: %d pages, %d free; after %d new events: %d pages, %d free%n",
                pages, free, REFILL, pagesAfter, freeAfter);
        assertThat(free).as("the purge freed pages").isPositive();
        assertThat(pagesAfter).as("the file did not grow").isLessThanOrEqualTo(pages);
        assertThat(freeAfter).as("the new rows took freed pages").isLessThan(free);
    }

    @Override
    long number(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dataDir.resolve("hookrelay.db"));
             Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getLong(1);
        }
    }
}
