package io.hookrelay.storage.jdbi;

import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code settings} table: one row per setting that has a value, shared by every node on PostgreSQL. */
public interface SettingsDao {
    String OPERATOR_TARGET = "operator_target";

    @SqlQuery("SELECT value FROM settings WHERE name = :name")
    Optional<String> find(String name);

    @SqlUpdate("INSERT INTO settings (name, value) VALUES (:name, :value) ON CONFLICT (name) DO UPDATE SET value = excluded.value")
    void put(String name, String value);

    @SqlUpdate("DELETE FROM settings WHERE name = :name")
    void remove(String name);
}
