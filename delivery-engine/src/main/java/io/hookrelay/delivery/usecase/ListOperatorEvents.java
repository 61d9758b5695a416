package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.EventDetail;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.OperatorEventType;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import java.util.Optional;

/** What the relay told its operator: operator events, stored as events of their own reserved source. */
public interface ListOperatorEvents {
    /** The source operator events are stored under; no source an operator creates can have this id. */
    String SOURCE = "_hookrelay";

    /** Operator events newest first, each with its deliveries, optionally of one type. */
    Page<EventDetail> list(TenantId tenant, Optional<OperatorEventType> type, PageRequest page);
}
