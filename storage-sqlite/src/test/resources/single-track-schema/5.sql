ALTER TABLE intents ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1));

CREATE INDEX intents_of_work ON intents (kind, target) WHERE state IN ('pending', 'running');

UPDATE intents SET held = 1
 WHERE state IN ('pending', 'running')
   AND EXISTS (SELECT 1 FROM paused_work AS paused
                WHERE paused.kind = intents.kind AND paused.target = intents.target);

DROP INDEX intents_due;

CREATE INDEX intents_due ON intents (next_at, created_at, id) WHERE state = 'pending' AND held = 0;

DROP INDEX intents_lease;

CREATE INDEX intents_lease ON intents (claim_until) WHERE state = 'running' AND held = 0;
