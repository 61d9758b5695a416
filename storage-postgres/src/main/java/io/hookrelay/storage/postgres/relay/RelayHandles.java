package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.storage.jdbi.Daos;
import io.hookrelay.storage.jdbi.RelayRowMappers;
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
        return on(handle).attach(dao);
    }

    /** The relay's DAOs on {@code handle}, readied for them. */
    Daos on(Handle handle) {
        if (handle.getConfig(RowMappers.class).findFor(Source.class).isEmpty()) {
            prepare(handle);
        }
        return handle::attach;
    }

    private void prepare(Handle handle) {
        RelayRowMappers.register(handle, PostgresStoredForms.INSTANCE, secrets, (row, context) -> PostgresStoredForms.headers(row));
        handle.getConfig(StatementExceptions.class).setMessageRendering(StatementExceptions.MessageRendering.NONE);
    }

    /** What the stores seal secrets with before they are written. */
    SecretCipher secrets() {
        return secrets;
    }
}
