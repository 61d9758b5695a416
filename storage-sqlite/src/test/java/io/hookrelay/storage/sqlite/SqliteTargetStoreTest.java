package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.testing.RelayFixture;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What SQLite's target store adds to {@code TargetStoreContract}: retry schedules are stored in whole seconds. */
class SqliteTargetStoreTest {

    @TempDir
    Path dataDir;

    private SqliteRelayFixture relay;
    private TargetStore targets;

    @BeforeEach
    void open() {
        relay = new SqliteRelayFixture(dataDir);
        targets = relay.targets;
    }

    @AfterEach
    void close() {
        relay.close();
    }

    @Test
    void aRetryWaitThatIsNotWholeSecondsIsRefusedRatherThanRounded() {
        Target fractional = new Target("billing", URI.create("https://billing.example/"), RelayFixture.SECRET,
                Target.DEFAULT_TIMEOUT, List.of(Duration.ofMillis(1500)), 1);

        assertThatThrownBy(() -> targets.create(TenantId.DEFAULT, fractional)).isInstanceOf(IllegalArgumentException.class);

        assertThat(targets.find(TenantId.DEFAULT, "billing")).isEmpty();
    }
}
