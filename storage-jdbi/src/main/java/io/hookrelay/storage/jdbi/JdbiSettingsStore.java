package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.SettingsStore;
import java.util.Objects;

/** {@link SettingsStore} on either SQL database: a row per setting that has a value. */
public final class JdbiSettingsStore implements SettingsStore {
    private final DaoRunner database;

    public JdbiSettingsStore(DaoRunner database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public Settings read(TenantId tenant) {
        return new Settings(database.read("read settings",
                daos -> daos.attach(SettingsDao.class).find(tenant.value(), SettingsDao.OPERATOR_TARGET)));
    }

    @Override
    public void write(TenantId tenant, Settings settings) {
        Objects.requireNonNull(settings, "settings");
        database.write("write settings", daos -> {
            SettingsDao dao = daos.attach(SettingsDao.class);
            settings.operatorTarget().ifPresentOrElse(id -> dao.put(tenant.value(), SettingsDao.OPERATOR_TARGET, id),
                    () -> dao.remove(tenant.value(), SettingsDao.OPERATOR_TARGET));
            return null;
        });
    }
}
