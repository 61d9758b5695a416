package io.hookrelay.it.api;

import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link HostileClientsIT} with the jar on PostgreSQL, where what must not be stored would be stored. */
class PostgresHostileClientsIT extends HostileClientsIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    Started launch(Path dataDir) throws IOException, InterruptedException {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        HookrelayProcess started = HookrelayProcess.startWithEnvironment(
                Map.of("HOOKRELAY_ADMIN_TOKEN", RelayCluster.ADMIN_TOKEN, "HOOKRELAY_SECRET_KEY", Base64.getEncoder().encodeToString(key)),
                "serve", "--database", postgres.url(), "--port", "0");
        started.awaitPort();
        return new Started(started, RelayCluster.ADMIN_TOKEN);
    }
}
