package io.hookrelay.storage.sqlite;

import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The sealed columns and the key check beside them ({@code secret_key_check}, one row): read whole by step 3
 * of the relay's migrations ({@link RelayOpening}) to seal what an older version stored in the clear, and by
 * every start to check its key.
 */
interface SecretKeyDao {

    @SqlQuery("SELECT value FROM secret_key_check WHERE id = 1")
    Optional<String> keyCheck();

    @SqlUpdate("INSERT INTO secret_key_check (id, value) VALUES (1, :value)")
    void recordKeyCheck(String value);

    @SqlUpdate("UPDATE secret_key_check SET value = :value WHERE id = 1")
    void replaceKeyCheck(String value);

    /** By target id. */
    @SqlQuery("SELECT id, secret FROM targets")
    @KeyColumn("id")
    @ValueColumn("secret")
    Map<String, String> targetSecrets();

    @SqlUpdate("UPDATE targets SET secret = :value WHERE id = :id")
    void updateTargetSecret(String id, String value);

    /** By source id. */
    @SqlQuery("SELECT id, verify_secret FROM sources")
    @KeyColumn("id")
    @ValueColumn("verify_secret")
    Map<String, String> sourceSecrets();

    @SqlUpdate("UPDATE sources SET verify_secret = :value WHERE id = :id")
    void updateSourceSecret(String id, String value);
}
