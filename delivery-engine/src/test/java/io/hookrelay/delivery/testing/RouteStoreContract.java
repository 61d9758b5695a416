package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.RouteStore.Creation;
import io.hookrelay.delivery.port.RouteStore;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of {@link RouteStore} that every store adapter keeps. */
public abstract class RouteStoreContract extends RelayStoreContract {

    private RouteStore routes;

    @BeforeEach
    final void configureSourcesAndTargets() {
        routes = relay.routes;
        relay.configure(List.of("orders", "users"), List.of("billing", "audit"));
    }

    @Test
    void aRouteIsOfOneTenantAndLeadsOnlyBetweenItsSourcesAndTargets() {
        relay.configure(ACME, List.of("orders"), List.of("audit"));
        Route ours = relay.route("orders", "billing");
        assertThat(routes.create(TENANT, ours)).isEqualTo(RouteStore.Creation.CREATED);

        assertThat(routes.create(ACME, relay.route("orders", "billing"))).as("billing is not acme's")
                .isEqualTo(RouteStore.Creation.NO_SOURCE_OR_TARGET);
        assertThat(routes.create(ACME, relay.route("orders", "audit"))).isEqualTo(RouteStore.Creation.CREATED);
        assertThat(routes.forSource(TENANT, "orders")).containsExactly(ours);
        assertThat(routes.delete(ACME, ours.id())).as("another tenant's route").isFalse();
        assertThat(routes.list(TENANT)).containsExactly(ours);
        assertThat(routes.list(ACME)).extracting(Route::targetId).containsExactly("audit");
    }

    @Test
    void routesReadBackWithTheirFiltersOldestFirst() {
        Route everything = relay.route("orders", "billing");
        Route filtered = relay.route("users", "audit", "user.created", "invoice.*", "a:b/c_d-e");
        Route single = relay.route("orders", "audit", "order.shipped");

        assertThat(routes.create(TENANT, everything)).isEqualTo(Creation.CREATED);
        assertThat(routes.create(TENANT, filtered)).isEqualTo(Creation.CREATED);
        assertThat(routes.create(TENANT, single)).isEqualTo(Creation.CREATED);

        assertThat(routes.list(TENANT)).containsExactly(everything, filtered, single);
        assertThat(routes.forSource(TENANT, "orders")).containsExactly(everything, single);
        assertThat(routes.forSource(TENANT, "users")).containsExactly(filtered);
        assertThat(routes.forSource(TENANT, "nobody")).isEmpty();
    }

    @Test
    void aRouteFromAMissingSourceOrToAMissingTargetIsNotStored() {
        assertThat(routes.create(TENANT, relay.route("ghost", "billing"))).isEqualTo(Creation.NO_SOURCE_OR_TARGET);
        assertThat(routes.create(TENANT, relay.route("orders", "ghost"))).isEqualTo(Creation.NO_SOURCE_OR_TARGET);
        assertThat(routes.create(TENANT, relay.route("ghost", "phantom"))).isEqualTo(Creation.NO_SOURCE_OR_TARGET);

        assertThat(routes.list(TENANT)).isEmpty();
    }

    @Test
    void aRouteToATargetDeletedMeanwhileIsNotStored() {
        relay.targets.delete(TENANT, "audit", relay.clock.instant());

        assertThat(routes.create(TENANT, relay.route("orders", "audit"))).isEqualTo(Creation.NO_SOURCE_OR_TARGET);

        assertThat(routes.list(TENANT)).isEmpty();
    }

    @Test
    void aRouteFromASourceDeletedMeanwhileIsNotStored() {
        relay.sources.delete(TENANT, "users");

        assertThat(routes.create(TENANT, relay.route("users", "billing"))).isEqualTo(Creation.NO_SOURCE_OR_TARGET);

        assertThat(routes.list(TENANT)).isEmpty();
    }

    @Test
    void theSameRouteIsStoredOnceWhateverTheOrderOrRepetitionOfItsFilters() {
        Route first = relay.route("orders", "billing", "invoice.*", "order.paid");

        assertThat(routes.create(TENANT, first)).isEqualTo(Creation.CREATED);
        assertThat(routes.create(TENANT, relay.route("orders", "billing", "order.paid", "invoice.*"))).isEqualTo(Creation.DUPLICATE);
        assertThat(routes.create(TENANT, relay.route("orders", "billing", "order.paid", "invoice.*", "order.paid"))).isEqualTo(Creation.DUPLICATE);

        assertThat(routes.list(TENANT)).containsExactly(first);
    }

    @Test
    void routesThatDifferInSourceTargetOrFiltersAreEachStored() {
        List<Route> different = List.of(relay.route("orders", "billing"), relay.route("orders", "billing", "order.paid"),
                relay.route("orders", "billing", "order.*"), relay.route("orders", "audit"), relay.route("users", "billing"));

        different.forEach(route -> assertThat(routes.create(TENANT, route)).as("%s", route).isEqualTo(Creation.CREATED));

        assertThat(routes.list(TENANT)).containsExactlyElementsOf(different);
    }

    /** Many operators' scripts at once: one route comes of it, and every other create is told it exists. */
    /** Strings with the stored form's separators, numbers, booleans and null all read back as they were written. */
    @Test
    void payloadFiltersReadBackAndAreWhatMakesTwoRoutesDiffer() {
        PayloadFilter paid = new PayloadFilter("/data/object/status", new PayloadFilter.Equals(new JsonValue.Text("paid\tand\nsettled")));
        PayloadFilter kinds = new PayloadFilter("/type", new PayloadFilter.OneOf(List.of(new JsonValue.Decimal(new BigDecimal("2.5")),
                new JsonValue.Bool(true), JsonValue.Null.NULL)));
        PayloadFilter live = new PayloadFilter("/livemode", new PayloadFilter.Exists(false));
        Route unfiltered = relay.route("orders", "billing", "order.*");
        Route filtered = new Route(relay.nextId(Ulids.ROUTE), "orders", "billing", List.of("order.*"), List.of(paid, kinds, live));
        Route reordered = new Route(relay.nextId(Ulids.ROUTE), "orders", "billing", List.of("order.*"), List.of(live, kinds, paid));
        Route fewer = new Route(relay.nextId(Ulids.ROUTE), "orders", "billing", List.of("order.*"), List.of(paid));

        assertThat(routes.create(TENANT, unfiltered)).isEqualTo(Creation.CREATED);
        assertThat(routes.create(TENANT, filtered)).isEqualTo(Creation.CREATED);
        assertThat(routes.create(TENANT, reordered)).isEqualTo(Creation.DUPLICATE);
        assertThat(routes.create(TENANT, fewer)).isEqualTo(Creation.CREATED);

        assertThat(routes.forSource(TENANT, "orders")).extracting(Route::filters).containsExactly(List.of(), filtered.filters(), fewer.filters());
        assertThat(routes.list(TENANT)).contains(filtered, fewer);
    }

    @Test
    void concurrentCreatesOfOneRouteStoreItOnce() throws Exception {
        int creators = 16;
        List<Route> attempts = IntStream.range(0, creators).mapToObj(i -> relay.route("orders", "billing", "order.paid")).toList();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(creators);
        try {
            List<Future<Creation>> outcomes = new ArrayList<>();
            for (Route route : attempts) {
                outcomes.add(pool.submit(() -> {
                    start.await();
                    return routes.create(TENANT, route);
                }));
            }
            start.countDown();
            List<Creation> results = new ArrayList<>();
            for (Future<Creation> outcome : outcomes) {
                results.add(outcome.get(30, TimeUnit.SECONDS));
            }

            assertThat(results).filteredOn(Creation.CREATED::equals).hasSize(1);
            assertThat(results).filteredOn(Creation.DUPLICATE::equals).hasSize(creators - 1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(routes.list(TENANT)).singleElement().extracting(Route::eventTypes).isEqualTo(List.of("order.paid"));
    }

    @Test
    void aRouteDeletedCanBeCreatedAgain() {
        Route gone = relay.route("orders", "billing", "order.paid");
        routes.create(TENANT, gone);
        routes.delete(TENANT, gone.id());

        assertThat(routes.create(TENANT, relay.route("orders", "billing", "order.paid"))).isEqualTo(Creation.CREATED);
    }

    @Test
    void deleteRemovesOnlyThatRouteAndAnswersFalseTheSecondTime() {
        Route gone = relay.route("orders", "billing");
        Route kept = relay.route("orders", "audit");
        routes.create(TENANT, gone);
        routes.create(TENANT, kept);

        assertThat(routes.delete(TENANT, gone.id())).isTrue();
        assertThat(routes.delete(TENANT, gone.id())).isFalse();

        assertThat(routes.list(TENANT)).containsExactly(kept);
    }

    /** A store may answer forSource from memory: every configuration write must reach what it answers. */
    @Test
    void routesReadBeforeAConfigurationWriteAreNotAnsweredAfterIt() {
        Route toBilling = relay.route("orders", "billing");
        Route toAudit = relay.route("orders", "audit");
        assertThat(routes.forSource(TENANT, "orders")).isEmpty();

        routes.create(TENANT, toBilling);
        assertThat(routes.forSource(TENANT, "orders")).containsExactly(toBilling);
        routes.create(TENANT, toAudit);
        assertThat(routes.forSource(TENANT, "orders")).containsExactly(toBilling, toAudit);
        routes.delete(TENANT, toBilling.id());
        assertThat(routes.forSource(TENANT, "orders")).containsExactly(toAudit);
        relay.targets.delete(TENANT, "audit", relay.clock.instant());
        assertThat(routes.forSource(TENANT, "orders")).isEmpty();

        routes.create(TENANT, toBilling);
        assertThat(routes.forSource(TENANT, "orders")).containsExactly(toBilling);
        relay.sources.delete(TENANT, "orders");
        assertThat(routes.forSource(TENANT, "orders")).isEmpty();
    }
}
