package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.TenantId;
import java.util.List;

/** Sending an event again, to wherever its source routes today. */
public interface ReplayEvents {

    /**
     * @return the new deliveries, none when no route matches the event any more; its old deliveries keep their history
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such event
     */
    List<Delivery> replay(TenantId tenant, String id);
}
