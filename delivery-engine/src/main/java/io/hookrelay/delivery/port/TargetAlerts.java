package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.ScopedId;
import java.util.Set;

/**
 * Which targets an operator has been told were paused and not yet that they recovered (a delivery succeeded once
 * they were resumed): the broken ones. Every node of a store shares them, so a pause is told of once, whichever node
 * paused it, and a recovery once, whichever node delivered first.
 */
public interface TargetAlerts {

    /**
     * Marks the target paused.
     *
     * @return true when it was not marked paused already: this pause is news
     */
    boolean paused(ScopedId target);

    /** Its pause was lifted; it stays broken until a delivery to it succeeds. */
    void resumed(ScopedId target);

    /**
     * A delivery to the target succeeded: a broken target that is not paused recovers.
     *
     * @return true when it was broken and not paused, and now is neither
     */
    boolean recovered(ScopedId target);

    /** Every target marked broken. */
    Set<ScopedId> broken();

    /** Forgets the target, as when it is deleted. */
    void forget(ScopedId target);
}
