package io.hookrelay.delivery.operator;

import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one route of operator events: to the operator target that {@link Settings} names, when it names one that
 * exists. Both a new operator event and a replayed one take it, so a replay goes where operator events go today.
 */
public final class OperatorRoute {
    private final Function<TenantId, Settings> settings;
    private final Function<ScopedId, Optional<Target>> targets;
    private final Ulids ulids;

    public OperatorRoute(Function<TenantId, Settings> settings, Function<ScopedId, Optional<Target>> targets, Ulids ulids) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
    }

    /** The delivery of the tenant's operator event {@code eventId} under its settings of now, or none. */
    public List<NewDelivery> deliveriesOf(TenantId tenant, String eventId) {
        return deliveriesOf(tenant, settings.apply(tenant), eventId);
    }

    /** The delivery of operator event {@code eventId} under {@code current}, or none. */
    public List<NewDelivery> deliveriesOf(TenantId tenant, Settings current, String eventId) {
        return current.operatorTarget().map(id -> new ScopedId(tenant, id)).flatMap(key -> targets.apply(key)
                .map(target -> List.of(new NewDelivery(ulids.next(Ulids.DELIVERY), eventId, key, target.ordering()))))
                .orElse(List.of());
    }
}
