package io.hookrelay.storage.jdbi;

import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code settings} table: one row per tenant's setting that has a value, shared by every node on PostgreSQL. */
public interface SettingsDao {
    String OPERATOR_TARGET = "operator_target";

    @SqlQuery("SELECT value FROM settings WHERE tenant_id = :tenant AND name = :name")
    Optional<String> find(String tenant, String name);

    @SqlUpdate("""
            INSERT INTO settings (tenant_id, name, value) VALUES (:tenant, :name, :value)
            ON CONFLICT (tenant_id, name) DO UPDATE SET value = excluded.value
            """)
    void put(String tenant, String name, String value);

    @SqlUpdate("DELETE FROM settings WHERE tenant_id = :tenant AND name = :name")
    void remove(String tenant, String name);
}
