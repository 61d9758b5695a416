package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Source;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.BindMap;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code sources} table, keyed by tenant and id. Times are epoch milliseconds. */
public interface SourceDao {

    String COLUMNS = SourceColumns.NAMES;

    /** @return 1 when stored, 0 when the id is taken */
    @SqlUpdate("""
            INSERT INTO sources (tenant_id, """ + COLUMNS + """
            , created_at, updated_at)
            VALUES (:tenant, :id, :verify_scheme, :verify_secret, :verify_header, :verify_prefix, :verify_encoding,
                    :idempotency_header, :event_type_header, :event_type_json_pointer, :max_body_bytes, :redact_headers,
                    :idempotency_json_pointer, :forward_headers, :now, :now)
            ON CONFLICT (tenant_id, id) DO NOTHING
            """)
    int insert(@BindMap Map<String, ?> columns);

    @SqlUpdate("""
            UPDATE sources
               SET verify_scheme = :verify_scheme, verify_secret = :verify_secret, verify_header = :verify_header,
                   verify_prefix = :verify_prefix, verify_encoding = :verify_encoding,
                   idempotency_header = :idempotency_header, event_type_header = :event_type_header,
                   event_type_json_pointer = :event_type_json_pointer, max_body_bytes = :max_body_bytes,
                   redact_headers = :redact_headers, idempotency_json_pointer = :idempotency_json_pointer,
                   forward_headers = :forward_headers, updated_at = :now
             WHERE tenant_id = :tenant AND id = :id
            """)
    int update(@BindMap Map<String, ?> columns);

    /** Its routes go with it ({@code ON DELETE CASCADE}); its events stay. */
    @SqlUpdate("DELETE FROM sources WHERE tenant_id = :tenant AND id = :id")
    int delete(String tenant, String id);

    @SqlQuery("SELECT " + COLUMNS + " FROM sources WHERE tenant_id = :tenant AND id = :id")
    Optional<Source> find(String tenant, String id);

    @SqlQuery("SELECT " + COLUMNS + " FROM sources WHERE tenant_id = :tenant ORDER BY id")
    List<Source> list(String tenant);
}
