package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Target;
import io.hookrelay.storage.jdbi.TargetColumns;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** A target read for a change: its row locked until the transaction ends, so a change on another node waits. */
interface TargetLockDao {

    @SqlQuery("SELECT " + TargetColumns.NAMES + " FROM targets WHERE tenant_id = :tenant AND id = :id FOR UPDATE")
    Optional<Target> findForUpdate(String tenant, String id);
}
