package io.hookrelay.storage.postgres;

import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** The enqueue's statements, apart from the others for the reason {@link IntentDao} gives. */
interface EnqueueDao {

    /**
     * The identities go in first, in the order given, so the first of two entries with one id or one
     * {@code (kind, eventId, target)} is the one stored; only the identities stored get a state row, from the
     * first entry with that whole identity (an earlier entry of the same id may have been refused for its
     * {@code (kind, eventId, target)}).
     *
     * @return the ids stored; the others' id or {@code (kind, eventId, target)} already existed
     */
    @SqlQuery("""
            WITH given AS (
                SELECT * FROM unnest(CAST(:ids AS text[]), CAST(:kinds AS text[]), CAST(:eventIds AS text[]),
                                     CAST(:targets AS text[]), CAST(:payloads AS text[]), CAST(:nextAts AS bigint[]),
                                     CAST(:fifoKeys AS text[]))
                       WITH ORDINALITY AS given (id, kind, event_id, target, payload, next_at, fifo_key, position)),
            stored AS (
                INSERT INTO intents (id, kind, event_id, target)
                SELECT id, kind, event_id, target FROM given ORDER BY position
                ON CONFLICT DO NOTHING
                RETURNING seq, id, kind, event_id, target)
            INSERT INTO intent_states (seq, """ + IntentDao.COLUMNS + """
            , held, fifo_key, waiting)
            SELECT stored.seq, n.id, n.kind, n.event_id, n.target, n.payload, 'pending', 0, n.next_at, :now, :now, '',
                   '', 0,\s""" + IntentDao.HOLDS_NEW + """
            , n.fifo_key, n.fifo_key IS NOT NULL

              FROM stored
              JOIN (SELECT DISTINCT ON (id, kind, event_id, target) * FROM given
                     ORDER BY id, kind, event_id, target, position) AS n
                ON n.id = stored.id AND n.kind = stored.kind AND n.event_id = stored.event_id AND n.target = stored.target
             ORDER BY stored.seq
            RETURNING id
            """)
    List<String> insertUnlessPresent(String[] ids, String[] kinds, String[] eventIds, String[] targets,
            String[] payloads, Long[] nextAts, String[] fifoKeys, long now);

    @SqlQuery("SELECT id FROM intents WHERE kind = :kind AND event_id = :eventId AND target = :target")
    Optional<String> findIdOf(String kind, String eventId, String target);
}
