package io.hookrelay.delivery.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.filter.PayloadFilterText;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RouteTest {
    private static final String ID = new Ulids(Clock.systemUTC()).next(Ulids.ROUTE);

    private static Route route(String... filters) {
        return new Route(ID, "stripe", "ledger", List.of(filters), List.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"invoice.paid", "invoice.*", "push", "pull_request", "customer.subscription.updated", "urn:x/y-z", "a.b.*"})
    void acceptsTypesAndPrefixFilters(String filter) {
        assertThatCode(() -> route(filter)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "*", ".*", "invoice.", ".paid", "invoice..paid", "invoice*", "invoice.*.paid", "in voice", "invoice.*.*"})
    void refusesMalformedFilters(String filter) {
        assertThatThrownBy(() -> route(filter)).isInstanceOf(InvalidRequestException.class).hasMessageContaining("event_types");
    }

    /** One set of filters is one list, so a store can tell the same route by its fields. */
    @Test
    void keepsItsFiltersSortedAndEachOnce() {
        assertThat(route("push", "issues.*", "push").eventTypes()).containsExactly("issues.*", "push");
        assertThat(route("issues.*", "push")).isEqualTo(new Route(ID, "stripe", "ledger", List.of("push", "issues.*"), List.of()));
    }

    @Test
    void refusesTooManyOrTooLongFilters() {
        assertThatThrownBy(() -> route(Collections.nCopies(101, "push").toArray(String[]::new)))
                .isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> route("a".repeat(201))).isInstanceOf(InvalidRequestException.class);
        assertThatCode(() -> route(Collections.nCopies(100, "push").toArray(String[]::new))).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "route_1", "rte_", "evt_01HZZZZZZZZZZZZZZZZZZZZZZZ", "rte_01hzzzzzzzzzzzzzzzzzzzzzzz",
            "rte_01HZZZZZZZZZZZZZZZZZZZZZZ"})
    void refusesIdsThatAreNotRouteUlids(String id) {
        assertThatThrownBy(() -> new Route(id, "stripe", "ledger", List.of(), List.of())).isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void refusesMalformedSourceOrTarget() {
        assertThatThrownBy(() -> new Route(ID, "Stripe", "ledger", List.of(), List.of())).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> new Route(ID, "stripe", "ledger/1", List.of(), List.of())).isInstanceOf(InvalidRequestException.class);
    }

    @ParameterizedTest(name = "{0} matched by [{1}]: {2}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
            "invoice.paid           | invoice.paid          | true",
            "invoice.paid           | invoice.*             | true",
            "invoice.payment.failed | invoice.*             | true",
            "invoice                | invoice.*             | false",
            "invoices.paid          | invoice.*             | false",
            "invoice.paid           | invoice.voided        | false",
            "Invoice.paid           | invoice.paid          | false",
            "customer.created       | invoice.*,customer.*  | true",
            "NONE                   | invoice.*             | false",
            "anything               | ''                    | true",
            "NONE                   | ''                    | true"})
    void matchesExactTypesAndPrefixes(String eventType, String filters, boolean matches) {
        Route route = route(filters.isEmpty() ? new String[0] : filters.split(","));

        assertThat(route.matches(Optional.ofNullable(eventType), Optional.of(Map.of()))).isEqualTo(matches);
    }

    /** The same conditions in any order, or one twice, or a number written two ways, are one set of filters. */
    @Test
    void keepsItsPayloadFiltersAsASet() {
        PayloadFilter paid = new PayloadFilter("/status", new PayloadFilter.Equals(new JsonValue.Text("paid")));
        PayloadFilter amount = new PayloadFilter("/amount", new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1.50"))));
        PayloadFilter sameAmount = new PayloadFilter("/amount", new PayloadFilter.Equals(new JsonValue.Decimal(new BigDecimal("1.5"))));

        Route one = new Route(ID, "stripe", "ledger", List.of(), List.of(paid, amount, paid));
        Route other = new Route(ID, "stripe", "ledger", List.of(), List.of(sameAmount, paid));

        assertThat(one.filters()).hasSize(2);
        assertThat(PayloadFilterText.of(one.filters())).isEqualTo(PayloadFilterText.of(other.filters()));
        assertThat(one.pointers()).containsExactlyInAnyOrder("/status", "/amount");
    }

    @Test
    void refusesMoreThanTwentyPayloadFilters() {
        List<PayloadFilter> filters = IntStream.range(0, 21)
                .mapToObj(i -> new PayloadFilter("/f" + i, new PayloadFilter.Exists(true))).toList();

        assertThatThrownBy(() -> new Route(ID, "stripe", "ledger", List.of(), filters))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("filters");
        assertThatCode(() -> new Route(ID, "stripe", "ledger", List.of(), filters.subList(0, 20))).doesNotThrowAnyException();
    }

    @Test
    void needsTheEventTypeAndEveryPayloadFilter() {
        PayloadFilter paid = new PayloadFilter("/status", new PayloadFilter.Equals(new JsonValue.Text("paid")));
        Route route = new Route(ID, "stripe", "ledger", List.of("invoice.*"), List.of(paid));
        Optional<Map<String, JsonValue>> paidBody = Optional.of(Map.of("/status", new JsonValue.Text("paid")));

        assertThat(route.matches(Optional.of("invoice.paid"), paidBody)).isTrue();
        assertThat(route.matches(Optional.of("charge.paid"), paidBody)).isFalse();
        assertThat(route.matches(Optional.of("invoice.paid"), Optional.of(Map.of()))).isFalse();
        assertThat(route.matches(Optional.of("invoice.paid"), Optional.empty())).isFalse();
    }
}
