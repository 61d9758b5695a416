package io.hookrelay.storage.postgres;

import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** The {@code target_buckets} table: each rate-limited target's token bucket, taken from by every node. Times are epoch milliseconds. */
interface BucketDao {

    /** A bucket as stored. */
    record Stored(double tokens, long refilledAt) {
    }

    /**
     * Refills the target's bucket to now and takes a token, in one statement: the row is locked while it is
     * refilled and taken from, so takers on any nodes at once each see what the one before left. A bucket not
     * yet stored starts full, as its first token is taken.
     *
     * @return the tokens left when one was taken; empty when the bucket, refilled, holds less than one, and is left as it was
     */
    @SqlQuery("""
            INSERT INTO target_buckets AS b (target_id, tokens, refilled_at) VALUES (:target, :burst - 1, :now)
            ON CONFLICT (target_id) DO UPDATE
               SET tokens = least(:burst, b.tokens + greatest(0, :now - b.refilled_at) * :perMillisecond) - 1,
                   refilled_at = greatest(b.refilled_at, :now)
             WHERE least(:burst, b.tokens + greatest(0, :now - b.refilled_at) * :perMillisecond) >= 1
            RETURNING tokens
            """)
    Optional<Double> take(String target, int burst, double perMillisecond, long now);

    @SqlQuery("SELECT tokens, refilled_at FROM target_buckets WHERE target_id = :target")
    @RegisterConstructorMapper(Stored.class)
    Optional<Stored> find(String target);
}
