package io.hookrelay.it.operations;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.cli.CliRun;
import io.hookrelay.it.support.HookrelayProcess;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

/** What an operator does around a served data directory: find its URL, point the command line at it. */
final class OperatorSteps {
    private OperatorSteps() {
    }

    static URI listening(HookrelayProcess server) throws InterruptedException {
        return URI.create("http://127.0.0.1:" + server.awaitPort());
    }

    /** What an operator exports for the command line: the server, and the data directory holding its token. */
    static Map<String, String> admin(URI url, Path dataDir) {
        return Map.of("HOOKRELAY_URL", url.toString(), "HOOKRELAY_DATA_DIR", dataDir.toString());
    }

    static CliRun succeeded(CliRun run) {
        assertThat(run.exitCode()).as("%s", run).isZero();
        return run;
    }
}
