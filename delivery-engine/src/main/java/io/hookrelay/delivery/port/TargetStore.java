package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Target;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** Durable targets. Whether a target is paused is the queue's pause of {@code (delivery, target id)}. */
public interface TargetStore {

    /** @return false when a target with this id already exists */
    boolean create(Target target);

    /**
     * Replaces a target with what {@code change} makes of it, read and written in one transaction, so two changes
     * at once (a rotation and a replace, on any nodes) each start from what the other left; {@code change} may
     * refuse by throwing, and then nothing is written.
     *
     * @return the target as changed; empty when there is no such target
     */
    Optional<Target> change(String id, UnaryOperator<Target> change);

    /**
     * In one transaction: deletes the target and its routes, lifts its pause, and cancels its pending and
     * running deliveries (their history stays readable). @return false when there is no such target
     */
    boolean delete(String id, Instant now);

    Optional<Target> find(String id);

    /** Every target, by id. */
    List<Target> list();
}
