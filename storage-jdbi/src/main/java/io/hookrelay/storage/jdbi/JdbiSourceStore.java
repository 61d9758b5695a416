package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.signing.SecretCipher;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** {@link SourceStore} on either SQL database: a row per source ({@link SourceColumns}), its secret sealed. */
public final class JdbiSourceStore implements SourceStore {
    private final DaoRunner database;
    private final StoredForms<?> forms;
    private final SecretCipher secrets;
    private final Clock clock;

    /** @param clock stamps when a source was written; the port takes no time of its own */
    public JdbiSourceStore(DaoRunner database, StoredForms<?> forms, SecretCipher secrets, Clock clock) {
        this.database = Objects.requireNonNull(database, "database");
        this.forms = Objects.requireNonNull(forms, "forms");
        this.secrets = Objects.requireNonNull(secrets, "secrets");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public boolean create(TenantId tenant, Source source) {
        Map<String, Object> columns = columns(tenant, source);
        return database.write("create source", daos -> daos.attach(SourceDao.class).insert(columns)) == 1;
    }

    @Override
    public boolean update(TenantId tenant, Source source) {
        Map<String, Object> columns = columns(tenant, source);
        return database.write("update source", daos -> daos.attach(SourceDao.class).update(columns)) == 1;
    }

    @Override
    public boolean delete(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.write("delete source", daos -> daos.attach(SourceDao.class).delete(tenant.value(), id)) == 1;
    }

    @Override
    public Optional<Source> find(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.readKept("find source", List.of("source", tenant.value(), id),
                daos -> daos.attach(SourceDao.class).find(tenant.value(), id));
    }

    @Override
    public List<Source> list(TenantId tenant) {
        return database.read("list sources", daos -> daos.attach(SourceDao.class).list(tenant.value()));
    }

    private Map<String, Object> columns(TenantId tenant, Source source) {
        Map<String, Object> columns = SourceColumns.values(source, forms, secrets, clock.instant());
        columns.put("tenant", tenant.value());
        return columns;
    }
}
