package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.admin.BackupDirectory;
import io.hookrelay.http.ApiServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A database backed up with its own tools (PostgreSQL): both backup endpoints say so, and which tools. */
class BackupNotOfferedTest {
    private static final String NOT_SUPPORTED = "{\"error\":\"not_supported\",\"message\":\"this server's database is not "
            + "backed up through hookrelay; use the database's own tools (pg_dump, or continuous archiving for point-in-time "
            + "recovery)\"}";

    @TempDir
    Path backupDir;
    private ApiServer server;

    private ApiServer server() {
        BackupAdmin backups = new BackupAdmin(Optional.empty(), new BackupDirectory(backupDir.resolve("backups")), Clock.systemUTC());
        server = new ApiServer(backups);
        return server;
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void downloadingABackupIs409NotSupportedNamingPgDump() throws Exception {
        HttpResponse<String> response = server().send("GET", "/api/v1/admin/backup", null);

        assertThat(response.statusCode()).isEqualTo(409);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(response.body()).isEqualTo(NOT_SUPPORTED);
    }

    @Test
    void aServerSideBackupIs409NotSupportedAndCreatesNothing() throws Exception {
        HttpResponse<String> response = server().send("POST", "/api/v1/admin/backup", "{\"path\":\"nightly.db\"}");

        assertThat(response.statusCode()).isEqualTo(409);
        assertThat(response.body()).isEqualTo(NOT_SUPPORTED);
        assertThat(backupDir.resolve("backups")).doesNotExist();
    }
}
