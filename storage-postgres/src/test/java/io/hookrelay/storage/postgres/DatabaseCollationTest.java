package io.hookrelay.storage.postgres;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A database whose text sorts by a language's rules, as many are created: such a collation ignores
 * punctuation such as the {@code _} of {@code evt_}, and sorts {@code ~} before letters. Pages and lists must
 * still follow the ids' byte order, as they do on SQLite.
 */
class DatabaseCollationTest {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private String database;
    private RelayFixture relay;

    @BeforeEach
    void open() throws SQLException {
        String classDatabase = postgres.jdbcUrl().substring(postgres.jdbcUrl().lastIndexOf('/') + 1);
        database = classDatabase.substring(0, Math.min(classDatabase.length(), 59)) + "_icu";
        postgres.execute("CREATE DATABASE " + database
                + " TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'");
        PostgresSettings classSettings = postgres.settings();
        PostgresSettings settings = new PostgresSettings(
                postgres.jdbcUrl().substring(0, postgres.jdbcUrl().lastIndexOf('/') + 1) + database,
                classSettings.user(), classSettings.password());
        MutableClock clock = new MutableClock();
        relay = new RelayFixture(clock, new RelayNode(settings, clock).stores());
    }

    @AfterEach
    void close() throws SQLException {
        if (relay != null) {
            relay.close();
        }
        postgres.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }

    @Test
    void pagesAndListsFollowTheIdsByteOrderWhateverTheDatabasesCollation() {
        List.of("mid_1", "mid1", "mid-1", "alpha").forEach(id -> relay.sources.create(TENANT, RelayFixture.source(id)));
        relay.configure(List.of(), List.of("billing"));
        List<String> newestFirst = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            newestFirst.add(relay.ingest("alpha", "billing").event().id());
        }
        Collections.reverse(newestFirst);

        assertThat(relay.sources.list(TENANT)).extracting(Source::id).containsExactly("alpha", "mid-1", "mid1", "mid_1");
        List<String> paged = new ArrayList<>();
        Optional<String> before = Optional.empty();
        do {
            Page<EventSummary> page = relay.events.list(TENANT, EventFilter.all(), new PageRequest(2, before));
            page.items().forEach(event -> paged.add(event.id()));
            before = page.nextBefore();
        } while (before.isPresent());
        assertThat(paged).isEqualTo(newestFirst);
        assertThat(relay.deliveries.list(TENANT, DeliveryFilter.all(), PageRequest.first(10)).items()).hasSize(5);
    }
}
