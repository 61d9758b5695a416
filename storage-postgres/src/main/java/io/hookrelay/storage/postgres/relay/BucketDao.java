package io.hookrelay.storage.postgres.relay;

import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The {@code target_buckets} table: each rate-limited target's token bucket and the line of deliveries waiting for
 * it, taken from by every node ({@link io.hookrelay.delivery.send.TokenBucket} says how). It is unlogged: a take
 * commits without a flush, and a crash, which empties the table, only starts every bucket over, full. Times are
 * epoch milliseconds.
 */
interface BucketDao {

    /** What a take left: whether it got a token, and the bucket after it. */
    record Taken(boolean granted, double tokens, double waiting) {
    }

    /**
     * Refills the target's bucket to now and takes a token, or a place in line when there is none, in one statement:
     * the row is locked while it changes, so takers on any nodes at once each see what the one before left. Every
     * expression in {@code SET} reads the row as it was. A bucket not yet stored starts full, as its first token is
     * taken.
     */
    @SqlQuery("""
            INSERT INTO target_buckets AS b (target_id, tokens, waiting, refilled_at, granted)
            VALUES (:target, :burst - 1, 0, :now, true)
            ON CONFLICT (target_id) DO UPDATE
               SET tokens = CASE WHEN least(:burst, b.tokens + greatest(0, :now - b.refilled_at) * :perMillisecond) >= 1
                                 THEN least(:burst, b.tokens + greatest(0, :now - b.refilled_at) * :perMillisecond) - 1
                                 ELSE least(:burst, b.tokens + greatest(0, :now - b.refilled_at) * :perMillisecond) END,
                   waiting = greatest(0, b.waiting - greatest(0, :now - b.refilled_at) * :perMillisecond)
                             + CASE WHEN least(:burst, b.tokens + greatest(0, :now - b.refilled_at) * :perMillisecond) >= 1
                                    THEN 0 ELSE 1 END,
                   granted = least(:burst, b.tokens + greatest(0, :now - b.refilled_at) * :perMillisecond) >= 1,
                   refilled_at = greatest(b.refilled_at, :now)
            RETURNING granted, tokens, waiting
            """)
    @RegisterConstructorMapper(Taken.class)
    Taken take(String target, int burst, double perMillisecond, long now);

    @SqlUpdate("DELETE FROM target_buckets WHERE target_id = :target")
    int forget(String target);
}
