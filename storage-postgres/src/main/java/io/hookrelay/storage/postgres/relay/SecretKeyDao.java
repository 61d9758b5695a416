package io.hookrelay.storage.postgres.relay;

import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The key check kept beside the sealed secrets ({@code secret_key_check}, one row). */
interface SecretKeyDao {

    /** The first node to start records its key's check; later ones find it there. */
    @SqlUpdate("INSERT INTO secret_key_check (id, value) VALUES (1, :value) ON CONFLICT (id) DO NOTHING")
    void recordUnlessPresent(String value);

    @SqlQuery("SELECT value FROM secret_key_check WHERE id = 1")
    String keyCheck();
}
