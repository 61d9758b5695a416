package io.hookrelay.storage.jdbi;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.IntentState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeliveryListingTest {
    private final List<String> ran = new ArrayList<>();

    private DeliveryListing.Statement statement(String name) {
        return (tenant, state, targetId, eventId, before, limit) -> {
            ran.add(name + "(" + tenant + ", " + state + ", " + targetId + ", " + eventId + ", " + before + ", " + limit + ")");
            return List.<Delivery>of();
        };
    }

    private void fetch(DeliveryFilter filter, PageRequest page) {
        DeliveryListing.page(TenantId.of("acme"), filter, page, statement("byId"), statement("ofTarget"), statement("ofEvent"));
    }

    @Test
    void theEventLeadsWhenGivenElseTheTargetElseTheIdAlone() {
        PageRequest page = new PageRequest(10, Optional.of("dlv_below"));

        fetch(new DeliveryFilter(Optional.empty(), Optional.of("billing"), Optional.of("evt_x")), page);
        fetch(new DeliveryFilter(Optional.of(IntentState.FAILED), Optional.of("billing"), Optional.empty()), page);
        fetch(new DeliveryFilter(Optional.of(IntentState.PENDING), Optional.empty(), Optional.empty()), page);

        assertThat(ran).containsExactly(
                "ofEvent(acme, null, billing, evt_x, dlv_below, 11)",
                "ofTarget(acme, failed, billing, null, dlv_below, 11)",
                "byId(acme, pending, null, null, dlv_below, 11)");
    }

    @Test
    void theFirstPageIsFetchedFromAboveEveryId() {
        fetch(DeliveryFilter.all(), PageRequest.first(3));

        assertThat(ran).containsExactly("byId(acme, null, null, null, " + PageRequest.first(3).fetchBelow() + ", 4)");
    }
}
