package io.hookrelay.it.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.delivery.port.DatabaseBackup;
import io.hookrelay.delivery.port.OpenDatabase;
import io.hookrelay.delivery.port.WriteFigures;
import io.hookrelay.it.cli.Cli;
import io.hookrelay.it.cli.CliRun;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteOpenDatabase;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server whose database is backed up with its own tools, as PostgreSQL's is: the backup endpoints refuse
 * with {@code 409 not_supported} naming them, and {@code hookrelay backup} passes that on in one line.
 */
class BackupNotOfferedIT {
    private static final String MESSAGE = "this server's database is not backed up through hookrelay; use the database's own "
            + "tools (pg_dump, or continuous archiving for point-in-time recovery)";

    @TempDir
    Path dataDir;
    @TempDir
    Path work;

    @Test
    void bothBackupEndpointsAnswer409NotSupportedAndTheCliSaysSoInOneLine() {
        try (RelayServer relay = RelayServer.startReplacing(dataDir, new NoBackups())) {
            ApiResponse download = relay.api().get("/api/v1/admin/backup");
            ApiResponse save = relay.api().post("/api/v1/admin/backup", "{\"path\":\"nightly.db\"}");
            CliRun cli = Cli.run(Map.of("HOOKRELAY_URL", relay.baseUri().toString(), "HOOKRELAY_ADMIN_TOKEN", RelayServer.ADMIN_TOKEN),
                    "backup", "--to", work.resolve("relay.db").toString());

            for (ApiResponse refused : List.of(download, save)) {
                assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
                assertThat(refused.json().path("error").asText()).isEqualTo("not_supported");
                assertThat(refused.json().path("message").asText()).isEqualTo(MESSAGE);
            }
            assertThat(cli.exitCode()).as(cli.toString()).isNotZero();
            assertThat(cli.errLines()).containsExactly("hookrelay: " + MESSAGE + " (not_supported)");
            assertThat(work.resolve("relay.db")).doesNotExist();
            assertThat(dataDir.resolve("backups")).doesNotExist();
        }
    }

    /** The data directory as it is, but offering no backups of its own. */
    private static final class NoBackups extends AbstractModule {
        @Provides
        @Singleton
        OpenDatabase openDatabase(SqliteDatabase database) {
            OpenDatabase sqlite = new SqliteOpenDatabase(database);
            return new OpenDatabase() {
                @Override
                public boolean isWritable() {
                    return sqlite.isWritable();
                }

                @Override
                public WriteFigures writeFigures() {
                    return sqlite.writeFigures();
                }

                @Override
                public String location() {
                    return sqlite.location();
                }

                @Override
                public Optional<DatabaseBackup> backup() {
                    return Optional.empty();
                }

                @Override
                public void close() {
                    sqlite.close();
                }
            };
        }
    }
}
