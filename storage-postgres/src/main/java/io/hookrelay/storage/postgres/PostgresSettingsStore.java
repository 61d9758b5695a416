package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.Settings;
import io.hookrelay.delivery.SettingsStore;
import java.util.Objects;

/** {@link SettingsStore} on PostgreSQL: a row per setting, which every node reads afresh. */
public final class PostgresSettingsStore implements SettingsStore {
    private final PostgresDatabase database;

    PostgresSettingsStore(PostgresDatabase database) {
        this.database = database;
    }

    @Override
    public Settings read() {
        return new Settings(database.read("read settings", handle -> handle.attach(SettingsDao.class).find(SettingsDao.OPERATOR_TARGET)));
    }

    @Override
    public void write(Settings settings) {
        Objects.requireNonNull(settings, "settings");
        database.transaction("write settings", handle -> {
            SettingsDao dao = handle.attach(SettingsDao.class);
            settings.operatorTarget().ifPresentOrElse(id -> dao.put(SettingsDao.OPERATOR_TARGET, id),
                    () -> dao.remove(SettingsDao.OPERATOR_TARGET));
            return null;
        });
    }
}
