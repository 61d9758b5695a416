package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PostgresErrorsTest {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Test
    void aConnectionFoundClosedWithoutAnAnswerPasses() {
        RuntimeException failure = new IllegalStateException(new SQLException("Connection is closed"));

        assertThat(PostgresErrors.translate("settle", failure)).isInstanceOf(TransientStoreException.class);
    }

    @Test
    void anAdministratorsShutdownAndALostConnectionPass() {
        assertThat(PostgresErrors.translate("claim", new IllegalStateException(new SQLException("terminating", "57P01"))))
                .isInstanceOf(TransientStoreException.class);
        assertThat(PostgresErrors.translate("claim", new IllegalStateException(new SQLException("I/O error", "08006"))))
                .isInstanceOf(TransientStoreException.class);
    }

    @Test
    void aViolatedConstraintIsABugNotSomethingToWaitOut() {
        RuntimeException translated = PostgresErrors.translate("store", new IllegalStateException(new SQLException("duplicate key", "23505")));

        assertThat(translated).isInstanceOf(StoreException.class).isNotInstanceOf(TransientStoreException.class);
    }

    @Test
    void aDatabaseThisProcessClosedIsNotWaitedOut() throws Exception {
        PostgresDatabase database = PostgresDatabase.open(postgres.freshSchema(), Clock.systemUTC());
        database.close();

        assertThatThrownBy(() -> database.read("read", handle -> handle.createQuery("SELECT 1").mapTo(Integer.class).one()))
                .isInstanceOf(StoreException.class)
                .isNotInstanceOf(TransientStoreException.class)
                .hasMessageContaining("closed");
    }
}
