package io.hookrelay.storage.postgres.relay;

import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * What nodes count together per target, keyed by its queue key without a reference to it, as the range of a deleted
 * tenant's keys (see {@code TenantPurges.KeyedRows}): a few rows per target, every one of them in the batch.
 */
interface PurgeKeyDao {

    @SqlUpdate("DELETE FROM target_slots WHERE target_id >= :from AND target_id < :to")
    int deleteSlots(String from, String to);

    @SqlUpdate("DELETE FROM failure_streaks WHERE target_id >= :from AND target_id < :to")
    int deleteStreaks(String from, String to);

    @SqlUpdate("DELETE FROM target_buckets WHERE target_id >= :from AND target_id < :to")
    int deleteBuckets(String from, String to);
}
