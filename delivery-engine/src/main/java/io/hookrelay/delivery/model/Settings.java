package io.hookrelay.delivery.model;

import java.util.Objects;
import java.util.Optional;

/**
 * What an operator sets for the whole relay at run time, shared by every node of a store.
 *
 * @param operatorTarget the target that operator events are delivered to; none, and they are only stored
 */
public record Settings(Optional<String> operatorTarget) {
    public static final Settings NONE = new Settings(Optional.empty());

    public Settings {
        Objects.requireNonNull(operatorTarget, "operatorTarget");
        operatorTarget.ifPresent(id -> ResourceIds.require(id, "operator_target"));
    }

    public boolean isOperatorTarget(String targetId) {
        return operatorTarget.filter(targetId::equals).isPresent();
    }
}
