package io.hookrelay.delivery.operator;

import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.Ulids;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one route of operator events: to the operator target that {@link Settings} names, when it names one that
 * exists. Both a new operator event and a replayed one take it, so a replay goes where operator events go today.
 */
public final class OperatorRoute {
    private final Supplier<Settings> settings;
    private final Function<String, Optional<Target>> targets;
    private final Ulids ulids;

    public OperatorRoute(Supplier<Settings> settings, Function<String, Optional<Target>> targets, Ulids ulids) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
    }

    /** The delivery of operator event {@code eventId} under the settings of now, or none. */
    public List<NewDelivery> deliveriesOf(String eventId) {
        return deliveriesOf(settings.get(), eventId);
    }

    /** The delivery of operator event {@code eventId} under {@code current}, or none. */
    public List<NewDelivery> deliveriesOf(Settings current, String eventId) {
        return current.operatorTarget().flatMap(targets)
                .map(target -> List.of(new NewDelivery(ulids.next(Ulids.DELIVERY), eventId, target.id(), target.ordering())))
                .orElse(List.of());
    }
}
