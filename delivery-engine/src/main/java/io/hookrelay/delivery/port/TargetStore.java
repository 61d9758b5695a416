package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** Durable targets. Whether a target is paused is the queue's pause of {@code (delivery, target id)}. */
public interface TargetStore {

    /** @return false when a target with this id already exists */
    boolean create(TenantId tenant, Target target);

    /**
     * Replaces a target with what {@code change} makes of it, read and written in one transaction, so two changes
     * at once (a rotation and a replace, on any nodes) each start from what the other left; {@code change} may
     * refuse by throwing, and then nothing is written.
     *
     * @return the target as changed; empty when there is no such target
     */
    Optional<Target> change(TenantId tenant, String id, UnaryOperator<Target> change);

    /**
     * In one transaction: deletes the target and its routes, lifts its pause, and cancels its pending and
     * running deliveries (their history stays readable). @return false when there is no such target
     */
    boolean delete(TenantId tenant, String id, Instant now);

    Optional<Target> find(TenantId tenant, String id);

    /** Every target of the tenant, by id. */
    List<Target> list(TenantId tenant);
}
