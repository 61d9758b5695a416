package io.hookrelay.storage.sqlite.files;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.storage.sqlite.FileModes;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteRelayDatabase;
import io.hookrelay.storage.sqlite.SqliteTargetStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Everything the data directory holds is its owner's only. The test JVM runs under the build's umask (022
 * where these tests run), which on its own would leave files readable by everyone.
 */
class OwnerOnlyFilesTest {
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger databaseLog = (Logger) LoggerFactory.getLogger(SqliteDatabase.class);

    @TempDir
    Path parent;

    @BeforeEach
    void listen() {
        logged.start();
        databaseLog.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        databaseLog.detachAppender(logged);
    }

    @Test
    void aNewDataDirectoryAndEverythingMadeInItAreOwnerOnly() throws IOException {
        Path dataDir = parent.resolve("new/data");
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            new SqliteTargetStore(database).create(TenantId.DEFAULT, RelayFixture.target("billing"));

            assertThat(withoutNativeLibrary(modes(dataDir))).isEqualTo(Map.of(
                    ".", "rwx------",
                    "hookrelay.db", "rw-------",
                    "hookrelay.db-wal", "rw-------",
                    "hookrelay.db-shm", "rw-------",
                    "hookrelay.lock", "rw-------",
                    "secret.key", "rw-------"));
        }
        assertThat(warnings()).isEmpty();
    }

    @Test
    void anExistingDirectoryWithWiderModesIsNarrowedAtOpenAndSaysSoOnce() throws IOException {
        Path dataDir = parent.resolve("data");
        SqliteRelayDatabase.open(dataDir).close();
        FileModes.set(dataDir, "rwxr-xr-x");
        FileModes.set(dataDir.resolve("hookrelay.db"), "rw-rw-r--");
        FileModes.set(dataDir.resolve("secret.key"), "rw-r--r--");
        FileModes.set(dataDir.resolve("hookrelay.lock"), "rw-r--r--");
        Files.createDirectory(dataDir.resolve("backups"));
        FileModes.set(dataDir.resolve("backups"), "rwxr-xr-x");
        Files.writeString(dataDir.resolve("admin.token"), "a token someone wrote by hand\n");
        FileModes.set(dataDir.resolve("admin.token"), "rw-r--r--");

        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            new SqliteTargetStore(database).create(TenantId.DEFAULT, RelayFixture.target("billing"));

            assertThat(withoutNativeLibrary(modes(dataDir))).isEqualTo(Map.of(
                    ".", "rwx------",
                    "hookrelay.db", "rw-------",
                    "hookrelay.db-wal", "rw-------",
                    "hookrelay.db-shm", "rw-------",
                    "hookrelay.lock", "rw-------",
                    "secret.key", "rw-------",
                    "admin.token", "rw-------",
                    "backups", "rwx------"));
        }
        assertThat(warnings()).hasSize(1);
        assertThat(warnings().get(0)).contains(dataDir.toRealPath().toString(), "hookrelay.db (was rw-rw-r--)",
                "secret.key (was rw-r--r--)", "admin.token (was rw-r--r--)", "backups (was rwxr-xr-x)");

        SqliteRelayDatabase.open(dataDir).close();
        assertThat(warnings()).as("nothing left to narrow the next time").hasSize(1);
    }

    private List<String> warnings() {
        return logged.list.stream().filter(event -> event.getLevel() == Level.WARN).map(ILoggingEvent::getFormattedMessage).toList();
    }

    /** sqlite-native is only made in the first data directory a JVM opens; where it is, it is owner-only too. */
    private static Map<String, String> withoutNativeLibrary(Map<String, String> modes) {
        assertThat(modes.getOrDefault(NativeLibraryDirectory.DIRECTORY, "rwx------")).isEqualTo("rwx------");
        Map<String, String> rest = new TreeMap<>(modes);
        rest.remove(NativeLibraryDirectory.DIRECTORY);
        return rest;
    }

    private static Map<String, String> modes(Path dataDir) throws IOException {
        Map<String, String> modes = new TreeMap<>();
        modes.put(".", FileModes.of(dataDir));
        try (Stream<Path> entries = Files.list(dataDir)) {
            for (Path entry : entries.toList()) {
                modes.put(entry.getFileName().toString(), FileModes.of(entry));
            }
        }
        return modes;
    }
}
