package io.hookrelay.storage.sqlite;

import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code intent_attempts} table, the attempt log. Times are epoch milliseconds. */
interface AttemptDao {

    /** @return 1 when logged, 0 when the intent already has an entry with this attempt number */
    @SqlUpdate("""
            INSERT INTO intent_attempts (intent_id, attempt, started_at, duration_ms, outcome, error, status_code, excerpt)
            VALUES (:intentId, :attempt, :startedAt, :durationMs, :outcome, :error, :statusCode, :excerpt)
            ON CONFLICT DO NOTHING
            """)
    int insert(String intentId, int attempt, long startedAt, long durationMs, String outcome, String error,
            Integer statusCode, String excerpt);
}
