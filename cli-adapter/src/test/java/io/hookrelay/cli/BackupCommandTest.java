package io.hookrelay.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(FakeApiExtension.class)
class BackupCommandTest {
    private final FakeApi api;
    private final Map<String, String> environment;

    BackupCommandTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void backup_asks_the_server_to_write_the_file_at_its_absolute_path() {
        String absolute = Path.of("backups", "relay.db").toAbsolutePath().toString();
        api.answers(200, "{\"path\":\"" + absolute + "\",\"bytes\":40960}");

        Cli.Result result = Cli.run(environment, "backup", "--to", "backups/./relay.db");

        assertThat(result.exitCode()).isZero();
        api.assertOnlyRequest("POST", "/api/v1/admin/backup", "{\"path\":\"" + absolute + "\"}");
        assertThat(result.out()).isEqualTo("backed up the database to " + absolute + " (40960 bytes)\n");
    }

    @Test
    void an_existing_file_is_the_server_s_conflict_shown_as_one_line() {
        api.answers(409, "{\"error\":\"conflict\",\"message\":\"/srv/backup.db already exists\"}");

        Cli.Result result = Cli.run(environment, "backup", "--to", "/srv/backup.db");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.errLines()).containsExactly("hookrelay: /srv/backup.db already exists (conflict)");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void backup_needs_a_file() {
        Cli.Result result = Cli.run(environment, "backup");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Missing required option: '--to=FILE' (see 'hookrelay backup --help')");
        assertThat(api.requests()).isEmpty();
    }
}
