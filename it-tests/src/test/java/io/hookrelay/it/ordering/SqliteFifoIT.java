package io.hookrelay.it.ordering;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.RelayServer;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Ordered delivery on the embedded SQLite default. */
@TimingSensitive
class SqliteFifoIT extends FifoScenarios {
    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }

    @Override
    KillableRelay startProcess(Path dataDir) throws Exception {
        return new DataDirectoryProcess(dataDir);
    }

    /** The jar on one data directory; a restart finds the killed process's claims and releases them at once. */
    private static final class DataDirectoryProcess implements KillableRelay {
        private final Path dataDir;
        private HookrelayProcess process;
        private ApiClient api;

        DataDirectoryProcess(Path dataDir) throws Exception {
            this.dataDir = dataDir;
            launch();
        }

        private void launch() throws Exception {
            process = HookrelayProcess.startWithEnvironment(Map.of("HOOKRELAY_ADMIN_TOKEN", TOKEN),
                    "serve", "--data-dir", dataDir.toString(), "--port", "0");
            api = new ApiClient(URI.create("http://127.0.0.1:" + process.awaitPort()), Optional.of(TOKEN));
        }

        @Override
        public ApiClient api() {
            return api;
        }

        @Override
        public void killAndRestart() throws Exception {
            process.kill();
            process.close();
            launch();
        }

        @Override
        public void close() {
            process.close();
        }
    }
}
