package io.hookrelay.storage.jdbi;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Ulids;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RouteColumnsTest {

    private static final List<PayloadFilter> FILTERS = List.of(
            new PayloadFilter("/ref", new PayloadFilter.Prefix("refs/heads/")),
            new PayloadFilter("/repository/private", new PayloadFilter.Equals(new JsonValue.Bool(false))));

    private static Route route(List<String> eventTypes) {
        return new Route(Ulids.ROUTE + "01JD0000000000000000000000", "github", "billing", eventTypes,
                FILTERS.subList(0, Math.min(eventTypes.size(), FILTERS.size())));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3})
    void readsBackTheFiltersItStoredOneALineWithNoFiltersTheEmptyTexts(int filters) {
        Route route = route(List.of("invoice.*", "charge.refunded", "push").subList(0, filters));
        String eventTypes = RouteColumns.eventTypes(route);

        MapRow row = new MapRow(Map.of("id", route.id(), "source_id", "github", "target_id", "billing", "event_types", eventTypes,
                "filters", RouteColumns.filters(route)));

        assertThat(eventTypes.lines().count()).isEqualTo(filters);
        assertThat(RouteColumns.read(row)).isEqualTo(route);
    }

    @ParameterizedTest
    @ValueSource(strings = {"push", "invoice.*"})
    void theSameFiltersInAnyOrderAreTheSameText(String other) {
        assertThat(RouteColumns.eventTypes(route(List.of(other, "charge.refunded"))))
                .isEqualTo(RouteColumns.eventTypes(route(List.of("charge.refunded", other))));
    }
}
