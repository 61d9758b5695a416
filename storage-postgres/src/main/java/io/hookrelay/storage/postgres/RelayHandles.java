package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.Event;
import io.hookrelay.delivery.EventSummary;
import io.hookrelay.delivery.Route;
import io.hookrelay.delivery.SecretCipher;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.retention.EventCandidate;
import io.hookrelay.storage.jdbi.DeliveryColumns;
import io.hookrelay.storage.jdbi.EventColumns;
import io.hookrelay.storage.jdbi.RouteColumns;
import io.hookrelay.storage.jdbi.SourceColumns;
import io.hookrelay.storage.jdbi.TargetColumns;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMappers;
import org.jdbi.v3.core.statement.StatementExceptions;

/**
 * Readies a handle for the relay's DAOs. The row mappers are registered per handle rather than on the pool's
 * {@code Jdbi}, which the queue owns and which must know nothing of the relay; two of them open secrets.
 * Bound values are bodies and sealed secrets, so JDBI renders none of them, nor the SQL, into exception
 * messages.
 */
final class RelayHandles {
    private final SecretCipher secrets;

    RelayHandles(SecretCipher secrets) {
        this.secrets = secrets;
    }

    <D> D attach(Handle handle, Class<D> dao) {
        if (handle.getConfig(RowMappers.class).findFor(Source.class).isEmpty()) {
            prepare(handle);
        }
        return handle.attach(dao);
    }

    private void prepare(Handle handle) {
        PostgresStoredForms forms = PostgresStoredForms.INSTANCE;
        handle.registerRowMapper(Source.class, (row, context) -> SourceColumns.read(row::getObject, forms, secrets))
                .registerRowMapper(Target.class, (row, context) -> TargetColumns.read(row::getObject, forms, secrets))
                .registerRowMapper(Route.class, (row, context) -> RouteColumns.read(row::getObject))
                .registerRowMapper(Event.class, (row, context) -> EventColumns.read(row::getObject, PostgresStoredForms.headers(row)))
                .registerRowMapper(EventSummary.class, (row, context) -> EventColumns.summary(row::getObject))
                .registerRowMapper(Delivery.class, (row, context) -> DeliveryColumns.read(row::getObject))
                .registerRowMapper(EventCandidate.class, (row, context) -> EventColumns.candidate(row::getObject, forms));
        handle.getConfig(StatementExceptions.class).setMessageRendering(StatementExceptions.MessageRendering.NONE);
    }

    /** What the stores seal secrets with before they are written. */
    SecretCipher secrets() {
        return secrets;
    }
}
