package io.hookrelay.storage.postgres.relay;

import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code target_slots} table: who holds which of a target's {@code max_in_flight} slots. Times are epoch milliseconds. */
interface SlotDao {

    /**
     * What one ask for a slot found.
     *
     * @param slot     the slot taken, null when none was
     * @param turnover a digest of who held each of the target's slots before this ask: every hold has a holder
     *                 of its own, so it differs from an earlier ask's whenever a slot was freed or taken between
     *                 them, on any node; null while the target has no slot rows
     */
    record Asked(Integer slot, String turnover) {
        Optional<Integer> taken() {
            return Optional.ofNullable(slot);
        }
    }

    /**
     * Takes one free slot below the limit, or one whose holder let {@code held_until} pass, in one statement:
     * a slot row another transaction holds locked is skipped, and one it freed or took after this statement's
     * snapshot is locked in its newest version and checked again, so two takers never share a slot.
     *
     * <p>While a slot at or above the limit is still held (the limit was lowered under it), no slot is taken,
     * so what is under way falls to the new limit before anything starts. Those slots are only ever freed, so
     * a snapshot that still sees one held errs towards waiting.
     *
     * <p>The same statement reads the target's {@link Asked#turnover}, so an ask that finds the target full
     * learns whether it is making progress without a second round trip.
     */
    @SqlQuery("""
            WITH free AS MATERIALIZED (
                SELECT target_id, slot FROM target_slots
                 WHERE target_id = :target AND slot < :limit AND (holder IS NULL OR held_until <= :now)
                   AND NOT EXISTS (SELECT 1 FROM target_slots beyond
                                    WHERE beyond.target_id = :target AND beyond.slot >= :limit
                                      AND beyond.holder IS NOT NULL AND beyond.held_until > :now)
                 ORDER BY slot
                 LIMIT 1
                   FOR UPDATE SKIP LOCKED),
            taken AS (
                UPDATE target_slots s SET holder = :holder, held_until = :heldUntil
                  FROM free
                 WHERE s.target_id = free.target_id AND s.slot = free.slot
                RETURNING s.slot)
            SELECT (SELECT slot FROM taken) AS slot,
                   (SELECT md5(string_agg(coalesce(holder, ''), ',' ORDER BY slot))
                      FROM target_slots WHERE target_id = :target) AS turnover
            """)
    @RegisterConstructorMapper(Asked.class)
    Asked take(String target, int limit, String holder, long now, long heldUntil);

    /** @return how many slot rows were missing below the limit and now exist, free */
    @SqlUpdate("""
            INSERT INTO target_slots (target_id, slot)
            SELECT :target, slot FROM generate_series(0, :limit - 1) AS slot
            ON CONFLICT (target_id, slot) DO NOTHING
            """)
    int create(String target, int limit);

    /**
     * Frees whatever slot of the target {@code holder} still holds: for a take whose answer was lost with its
     * connection, which may have taken one.
     */
    @SqlUpdate("UPDATE target_slots SET holder = NULL, held_until = NULL WHERE target_id = :target AND holder = :holder")
    int freeAnyOf(String target, String holder);

    /** Frees the slot if {@code holder} still holds it: one taken over after its {@code held_until} stays its new holder's. */
    @SqlUpdate("""
            UPDATE target_slots SET holder = NULL, held_until = NULL
             WHERE target_id = :target AND slot = :slot AND holder = :holder
            """)
    int free(String target, int slot, String holder);

    /**
     * Hands the slot from {@code holder} to {@code newHolder}, held until {@code :heldUntil}, if {@code holder}
     * still holds it and the limit has room for it, as {@link #take} would find it: one write where freeing and
     * taking would be two.
     */
    @SqlUpdate("""
            UPDATE target_slots SET holder = :newHolder, held_until = :heldUntil
             WHERE target_id = :target AND slot = :slot AND holder = :holder AND slot < :limit
               AND NOT EXISTS (SELECT 1 FROM target_slots beyond
                                WHERE beyond.target_id = :target AND beyond.slot >= :limit
                                  AND beyond.holder IS NOT NULL AND beyond.held_until > :now)
            """)
    int handOver(String target, int slot, String holder, String newHolder, int limit, long now, long heldUntil);
}
