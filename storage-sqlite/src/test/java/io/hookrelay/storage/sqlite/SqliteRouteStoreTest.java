package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.Route;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteRouteStoreTest {

    @TempDir
    Path dataDir;

    private RelayFixture relay;
    private SqliteRouteStore routes;

    @BeforeEach
    void open() {
        relay = new RelayFixture(dataDir);
        routes = relay.routes;
        relay.configure(List.of("orders", "users"), List.of("billing", "audit"));
    }

    @AfterEach
    void close() {
        relay.close();
    }

    @Test
    void routesReadBackWithTheirFiltersOldestFirst() {
        Route everything = relay.route("orders", "billing");
        Route filtered = relay.route("users", "audit", "user.created", "invoice.*", "a:b/c_d-e");
        Route single = relay.route("orders", "audit", "order.shipped");

        assertThat(routes.create(everything)).isTrue();
        assertThat(routes.create(filtered)).isTrue();
        assertThat(routes.create(single)).isTrue();

        assertThat(routes.list()).containsExactly(everything, filtered, single);
        assertThat(routes.forSource("orders")).containsExactly(everything, single);
        assertThat(routes.forSource("users")).containsExactly(filtered);
        assertThat(routes.forSource("nobody")).isEmpty();
    }

    @Test
    void aRouteFromAMissingSourceOrToAMissingTargetIsNotStored() {
        assertThat(routes.create(relay.route("ghost", "billing"))).isFalse();
        assertThat(routes.create(relay.route("orders", "ghost"))).isFalse();
        assertThat(routes.create(relay.route("ghost", "phantom"))).isFalse();

        assertThat(routes.list()).isEmpty();
    }

    @Test
    void aRouteToATargetDeletedMeanwhileIsNotStored() {
        relay.targets.delete("audit", relay.clock.instant());

        assertThat(routes.create(relay.route("orders", "audit"))).isFalse();

        assertThat(routes.list()).isEmpty();
    }

    @Test
    void deleteRemovesOnlyThatRouteAndAnswersFalseTheSecondTime() {
        Route gone = relay.route("orders", "billing");
        Route kept = relay.route("orders", "audit");
        routes.create(gone);
        routes.create(kept);

        assertThat(routes.delete(gone.id())).isTrue();
        assertThat(routes.delete(gone.id())).isFalse();

        assertThat(routes.list()).containsExactly(kept);
    }

    /** forSource is answered from memory (ConfigCache): every configuration write must reach it. */
    @Test
    void routesReadBeforeAConfigurationWriteAreNotAnsweredAfterIt() {
        Route toBilling = relay.route("orders", "billing");
        Route toAudit = relay.route("orders", "audit");
        assertThat(routes.forSource("orders")).isEmpty();

        routes.create(toBilling);
        assertThat(routes.forSource("orders")).containsExactly(toBilling);
        routes.create(toAudit);
        assertThat(routes.forSource("orders")).containsExactly(toBilling, toAudit);
        routes.delete(toBilling.id());
        assertThat(routes.forSource("orders")).containsExactly(toAudit);
        relay.targets.delete("audit", relay.clock.instant());
        assertThat(routes.forSource("orders")).isEmpty();

        routes.create(toBilling);
        assertThat(routes.forSource("orders")).containsExactly(toBilling);
        relay.sources.delete("orders");
        assertThat(routes.forSource("orders")).isEmpty();
    }
}
