package io.hookrelay.delivery.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.DeliveryOrdering;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.JsonPointerReader;
import io.hookrelay.delivery.testing.RelayFixture;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FanoutTest {
    private static final TenantId TENANT = TenantId.of("acme");
    private static final Ulids ULIDS = new Ulids(Clock.fixed(Instant.parse("2025-03-01T12:00:00Z"), ZoneOffset.UTC));
    private static final String EVENT_ID = ULIDS.next(Ulids.EVENT);
    private static final Function<String, Optional<Target>> NO_TARGETS = id -> Optional.empty();
    private static final JsonPointerReader UNREAD = (json, pointers) -> {
        throw new AssertionError("no route filters on the body, so it is not read");
    };

    private static Route route(String target, String... eventTypes) {
        return new Route(ULIDS.next(Ulids.ROUTE), "billing", target, List.of(eventTypes), List.of());
    }

    private static Event event(Optional<String> eventType) {
        return new Event(EVENT_ID, "billing", eventType, Instant.EPOCH, "application/json", Map.of(),
                "{}".getBytes(StandardCharsets.UTF_8));
    }

    private static final List<Route> ROUTES = List.of(
            route("ledger"),
            route("invoices", "invoice.*"),
            route("ledger", "invoice.paid"),
            route("crm", "customer.created", "customer.deleted"),
            route("invoices", "invoice.paid"));

    static Stream<Arguments> selections() {
        return Stream.of(
                Arguments.of(Optional.of("invoice.paid"), List.of("ledger", "invoices")),
                Arguments.of(Optional.of("invoice.payment.failed"), List.of("ledger", "invoices")),
                Arguments.of(Optional.of("invoice"), List.of("ledger")),
                Arguments.of(Optional.of("customer.deleted"), List.of("ledger", "crm")),
                Arguments.of(Optional.of("customer.updated"), List.of("ledger")),
                Arguments.of(Optional.empty(), List.of("ledger")));
    }

    @ParameterizedTest
    @MethodSource("selections")
    void selectsDistinctMatchingTargetsInRouteOrder(Optional<String> eventType, List<String> expected) {
        assertThat(Fanout.targets(ROUTES, eventType, Optional.of(Map.of()))).isEqualTo(expected);
    }

    @Test
    void routeOrderDecidesTargetOrder() {
        assertThat(Fanout.targets(List.of(route("zeta"), route("alpha")), Optional.empty(), Optional.of(Map.of())))
                .containsExactly("zeta", "alpha");
    }

    @Test
    void aDeliveryToAFifoTargetJoinsTheTargetsLaneAndOthersJoinNone() {
        Target ledger = new Target("ledger", URI.create("https://ledger.example/"), RelayFixture.SECRET, Target.DEFAULT_TIMEOUT,
                Target.DEFAULT_RETRY_SCHEDULE, 1, Optional.empty(), Optional.empty(), DeliveryOrdering.FIFO);
        Function<String, Optional<Target>> targets = id -> id.equals("ledger") ? Optional.of(ledger) : Optional.empty();

        List<NewDelivery> deliveries = Fanout.deliveries(TENANT, event(Optional.of("invoice.paid")), ROUTES, UNREAD, ULIDS, targets);

        assertThat(deliveries).extracting(delivery -> delivery.target().id(), NewDelivery::ordering)
                .containsExactly(tuple("ledger", DeliveryOrdering.FIFO), tuple("invoices", DeliveryOrdering.NONE));
        assertThat(deliveries).extracting(delivery -> delivery.toIntent().fifoKey())
                .containsExactly(Optional.of("acme/ledger"), Optional.empty());
    }

    @Test
    void noRoutesMeansNoDeliveries() {
        assertThat(Fanout.deliveries(TENANT, event(Optional.of("invoice.paid")), List.of(), UNREAD, ULIDS, NO_TARGETS)).isEmpty();
        assertThat(Fanout.deliveries(TENANT, event(Optional.empty()), List.of(route("crm", "customer.*")), UNREAD, ULIDS, NO_TARGETS)).isEmpty();
    }

    @Test
    void makesOneDeliveryWithAFreshIdPerTarget() {
        List<NewDelivery> deliveries = Fanout.deliveries(TENANT, event(Optional.of("invoice.paid")), ROUTES, UNREAD, ULIDS, NO_TARGETS);

        assertThat(deliveries).extracting(delivery -> delivery.target().id()).containsExactly("ledger", "invoices");
        assertThat(deliveries).extracting(NewDelivery::eventId).containsOnly(EVENT_ID);
        assertThat(deliveries).extracting(delivery -> delivery.target().key()).containsExactly("acme/ledger", "acme/invoices");
        assertThat(deliveries).extracting(NewDelivery::id)
                .allMatch(id -> Ulids.isValid(id, Ulids.DELIVERY))
                .doesNotHaveDuplicates();
    }

    /** Every pointer of every route is asked for in one read, and each route's filters then decide alone. */
    @Test
    void readsTheBodyOnceForAllRoutesAndSendsWhereEveryFilterHolds() {
        List<Set<String>> reads = new ArrayList<>();
        JsonPointerReader paidInvoice = (json, pointers) -> {
            reads.add(pointers);
            return Optional.of(Map.of("/type", new JsonValue.Text("invoice.paid"), "/data/amount", new JsonValue.Decimal(
                    new BigDecimal("12.50"))));
        };
        PayloadFilter paid = new PayloadFilter("/type", new PayloadFilter.Equals(new JsonValue.Text("invoice.paid")));
        PayloadFilter live = new PayloadFilter("/livemode", new PayloadFilter.Exists(true));
        PayloadFilter amount = new PayloadFilter("/data/amount", new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("12.5"))));
        List<Route> routes = List.of(
                new Route(ULIDS.next(Ulids.ROUTE), "billing", "ledger", List.of(), List.of(paid, amount)),
                new Route(ULIDS.next(Ulids.ROUTE), "billing", "audit", List.of(), List.of(paid, live)),
                route("crm"));

        List<NewDelivery> deliveries = Fanout.deliveries(TENANT, event(Optional.empty()), routes, paidInvoice, ULIDS, NO_TARGETS);

        assertThat(deliveries).extracting(delivery -> delivery.target().id()).containsExactly("ledger", "crm");
        assertThat(reads).containsExactly(Set.of("/type", "/data/amount", "/livemode"));
    }

    @Test
    void aBodyThatIsNotJsonTravelsOnlyRoutesWithoutPayloadFilters() {
        JsonPointerReader notJson = (json, pointers) -> Optional.empty();
        PayloadFilter absent = new PayloadFilter("/livemode", new PayloadFilter.Exists(false));
        List<Route> routes = List.of(new Route(ULIDS.next(Ulids.ROUTE), "billing", "audit", List.of(), List.of(absent)), route("crm"));

        assertThat(Fanout.deliveries(TENANT, event(Optional.empty()), routes, notJson, ULIDS, NO_TARGETS)).extracting(delivery -> delivery.target().id())
                .containsExactly("crm");
    }
}
