package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Source;
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
    public boolean create(Source source) {
        Map<String, Object> columns = columns(source);
        return database.write("create source", daos -> daos.attach(SourceDao.class).insert(columns)) == 1;
    }

    @Override
    public boolean update(Source source) {
        Map<String, Object> columns = columns(source);
        return database.write("update source", daos -> daos.attach(SourceDao.class).update(columns)) == 1;
    }

    @Override
    public boolean delete(String id) {
        Objects.requireNonNull(id, "id");
        return database.write("delete source", daos -> daos.attach(SourceDao.class).delete(id)) == 1;
    }

    @Override
    public Optional<Source> find(String id) {
        Objects.requireNonNull(id, "id");
        return database.readKept("find source", List.of("source", id), daos -> daos.attach(SourceDao.class).find(id));
    }

    @Override
    public List<Source> list() {
        return database.read("list sources", daos -> daos.attach(SourceDao.class).list());
    }

    private Map<String, Object> columns(Source source) {
        return SourceColumns.values(source, forms, secrets, clock.instant());
    }
}
