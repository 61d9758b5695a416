package io.hookrelay.it.egress;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.HookrelayProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jar refuses a range that is not one before it creates anything. */
class EgressSettingsIT {

    @Test
    void aBadRangeIsOneLineAndExitCode2WithNothingOnDisk(@TempDir Path dir) throws Exception {
        Path dataDir = dir.resolve("data");
        try (HookrelayProcess server = HookrelayProcess.serve(dataDir, "--deny-targets", "10.0.0.0/8,169.254.169.254/33")) {
            assertThat(server.awaitExit()).isEqualTo(2);
            assertThat(server.stderrLines()).containsExactly(
                    "hookrelay: --deny-targets: '169.254.169.254/33': the prefix length of an IPv4 range is at most 32");
        }
        assertThat(Files.exists(dataDir)).as("the data directory").isFalse();
    }
}
