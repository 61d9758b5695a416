package io.hookrelay.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RouteTest {
    private static final String ID = new Ulids(Clock.systemUTC()).next(Ulids.ROUTE);

    private static Route route(String... filters) {
        return new Route(ID, "stripe", "ledger", List.of(filters));
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
        assertThat(route("issues.*", "push")).isEqualTo(new Route(ID, "stripe", "ledger", List.of("push", "issues.*")));
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
        assertThatThrownBy(() -> new Route(id, "stripe", "ledger", List.of())).isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void refusesMalformedSourceOrTarget() {
        assertThatThrownBy(() -> new Route(ID, "Stripe", "ledger", List.of())).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> new Route(ID, "stripe", "ledger/1", List.of())).isInstanceOf(InvalidRequestException.class);
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

        assertThat(route.matches(Optional.ofNullable(eventType))).isEqualTo(matches);
    }
}
