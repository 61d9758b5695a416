package io.hookrelay.it.ordering;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ordered delivery on PostgreSQL, each scenario on an empty schema. After the kill the restarted node takes the
 * killed one's claim only when its lease ends, as any node would: nothing tells it the claim was its own.
 */
@TimingSensitive
class PostgresFifoIT extends FifoScenarios {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    RelayServer startServer(Path dataDir) throws Exception {
        return RelayServer.startOnEmptySchema(dataDir, postgres);
    }

    @Override
    KillableRelay startProcess(Path dataDir) throws Exception {
        postgres.execute("DROP SCHEMA public CASCADE");
        postgres.execute("CREATE SCHEMA public");
        RelayCluster node = RelayCluster.start(1, postgres.url());
        return new KillableRelay() {
            @Override
            public ApiClient api() {
                return node.api(0);
            }

            @Override
            public void killAndRestart() throws Exception {
                node.kill(0);
                node.restart(0);
            }

            @Override
            public void close() {
                node.close();
            }
        };
    }
}
