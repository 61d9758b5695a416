package io.hookrelay.delivery.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.NewDelivery;
import io.hookrelay.delivery.Route;
import io.hookrelay.delivery.Ulids;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FanoutTest {
    private static final Ulids ULIDS = new Ulids(Clock.fixed(Instant.parse("2025-03-01T12:00:00Z"), ZoneOffset.UTC));
    private static final String EVENT_ID = ULIDS.next(Ulids.EVENT);

    private static Route route(String target, String... eventTypes) {
        return new Route(ULIDS.next(Ulids.ROUTE), "billing", target, List.of(eventTypes));
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
        assertThat(Fanout.targets(ROUTES, eventType)).isEqualTo(expected);
    }

    @Test
    void routeOrderDecidesTargetOrder() {
        assertThat(Fanout.targets(List.of(route("zeta"), route("alpha")), Optional.empty())).containsExactly("zeta", "alpha");
    }

    @Test
    void noRoutesMeansNoDeliveries() {
        assertThat(Fanout.deliveries(EVENT_ID, Optional.of("invoice.paid"), List.of(), ULIDS)).isEmpty();
        assertThat(Fanout.deliveries(EVENT_ID, Optional.empty(), List.of(route("crm", "customer.*")), ULIDS)).isEmpty();
    }

    @Test
    void makesOneDeliveryWithAFreshIdPerTarget() {
        List<NewDelivery> deliveries = Fanout.deliveries(EVENT_ID, Optional.of("invoice.paid"), ROUTES, ULIDS);

        assertThat(deliveries).extracting(NewDelivery::targetId).containsExactly("ledger", "invoices");
        assertThat(deliveries).extracting(NewDelivery::eventId).containsOnly(EVENT_ID);
        assertThat(deliveries).extracting(NewDelivery::id)
                .allMatch(id -> Ulids.isValid(id, Ulids.DELIVERY))
                .doesNotHaveDuplicates();
    }
}
