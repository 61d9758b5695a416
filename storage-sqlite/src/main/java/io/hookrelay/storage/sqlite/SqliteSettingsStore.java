package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.Settings;
import io.hookrelay.delivery.SettingsStore;
import java.util.Objects;

/** {@link SettingsStore} on SQLite: a row per setting, written through the database's single writer. */
public final class SqliteSettingsStore implements SettingsStore {
    private final SqliteRelayDatabase database;

    public SqliteSettingsStore(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public Settings read() {
        return new Settings(database.read("read settings", handle -> handle.attach(SettingsDao.class).find(SettingsDao.OPERATOR_TARGET)));
    }

    @Override
    public void write(Settings settings) {
        Objects.requireNonNull(settings, "settings");
        database.write("write settings", handle -> {
            SettingsDao dao = handle.attach(SettingsDao.class);
            settings.operatorTarget().ifPresentOrElse(id -> dao.put(SettingsDao.OPERATOR_TARGET, id),
                    () -> dao.remove(SettingsDao.OPERATOR_TARGET));
            return null;
        });
    }
}
