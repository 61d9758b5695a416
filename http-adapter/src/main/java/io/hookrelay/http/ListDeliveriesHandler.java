package io.hookrelay.http;

import io.hookrelay.delivery.DeliveryFilter;
import io.hookrelay.delivery.ResourceIds;
import io.hookrelay.delivery.Ulids;
import java.util.Objects;
import java.util.Set;

/** {@code GET /api/v1/deliveries?state=&target=&event=&limit=&cursor=} → a page of deliveries, newest first. */
final class ListDeliveriesHandler implements Endpoint {
    private static final Set<String> FILTERS = Set.of("state", "target", "event");

    private final ApiOperations operations;

    ListDeliveriesHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public boolean takesQueryParameter(String name) {
        return FILTERS.contains(name) || Paging.PARAMETERS.contains(name);
    }

    @Override
    public Reply handle(ApiRequest request) {
        DeliveryFilter filter = new DeliveryFilter(
                request.queryParameter("state").map(state -> Fields.state(state, "state")),
                request.queryParameter("target").map(id -> ResourceIds.require(id, "target")),
                request.queryParameter("event").map(id -> Fields.ulid(id, Ulids.EVENT, "event")));
        return Reply.ok(PageJson.of(operations.listDeliveries(filter, Paging.pageRequest(request, Ulids.DELIVERY)), DeliveryJson::of));
    }
}
