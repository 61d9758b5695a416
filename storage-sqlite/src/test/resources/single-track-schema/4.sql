CREATE INDEX intents_completed ON intents (kind, updated_at) WHERE state = 'completed';

CREATE INDEX intents_given_up ON intents (kind, updated_at) WHERE state IN ('failed', 'cancelled');

CREATE INDEX events_by_received_at ON events (received_at, id);

CREATE INDEX idempotency_keys_by_event ON idempotency_keys (event_id);
