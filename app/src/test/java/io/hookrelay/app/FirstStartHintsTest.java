package io.hookrelay.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FirstStartHintsTest {
    private static final Path TOKEN = Path.of("data", "admin.token").toAbsolutePath();

    @Test
    void aFirstStartOnTheDefaultsNamesTheTokenFileAndGivesPasteableCommands() {
        var lines = FirstStartHints.lines("http://127.0.0.1:8080", new AdminTokenFile("t".repeat(43), Optional.of(TOKEN), true));

        assertThat(lines.get(0)).contains(TOKEN.toString(), "created now");
        assertThat(lines).contains("  ./hookrelay source add demo", "  ./hookrelay route add --source demo --target demo-sink")
                .anyMatch(line -> line.startsWith("  curl -i -X POST http://127.0.0.1:8080/hooks/demo "))
                .noneMatch(line -> line.contains("export"))
                .noneMatch(line -> line.contains("t".repeat(43)));
    }

    @Test
    void anotherAddressOrDataDirectoryIsExportedForTheCli() {
        var lines = FirstStartHints.lines("http://127.0.0.1:9999", new AdminTokenFile("t".repeat(43), Optional.of(Path.of("/srv/relay/admin.token")), true));

        assertThat(lines).contains("  export HOOKRELAY_URL=http://127.0.0.1:9999", "  export HOOKRELAY_DATA_DIR=/srv/relay");
    }

    @Test
    void laterStartsOnlySayWhereTheTokenIs() {
        assertThat(FirstStartHints.lines("http://127.0.0.1:8080", new AdminTokenFile("t".repeat(43), Optional.of(TOKEN), false)))
                .containsExactly("admin token: " + TOKEN);
        assertThat(FirstStartHints.lines("http://127.0.0.1:8080", new AdminTokenFile("t".repeat(43), Optional.empty(), false)))
                .containsExactly("admin token: from HOOKRELAY_ADMIN_TOKEN");
    }
}
