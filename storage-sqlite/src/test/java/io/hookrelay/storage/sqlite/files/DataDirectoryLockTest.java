package io.hookrelay.storage.sqlite.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.storage.sqlite.ChildJvm;
import io.hookrelay.storage.sqlite.LockProbeMain;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryLockTest {
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path parent;

    @Test
    void aSecondOpenInTheSameProcessIsRefusedNamingTheDirectory() throws IOException {
        Path dataDir = parent.resolve("data");
        try (SqliteDatabase first = SqliteDatabase.open(dataDir)) {
            Path real = dataDir.toRealPath();
            assertThatThrownBy(() -> SqliteDatabase.open(dataDir))
                    .isInstanceOfSatisfying(DataDirectoryLockedException.class, locked -> {
                        assertThat(locked.dataDir()).isEqualTo(real);
                        assertThat(locked.getMessage()).contains(real.toString()).doesNotContain("\n");
                    });
            assertThat(first.isWritable()).isTrue();
        }
    }

    @Test
    void anotherProcessCannotOpenTheDirectoryWhileItIsHeld() throws Exception {
        Path dataDir = parent.resolve("data");
        try (SqliteDatabase held = SqliteDatabase.open(dataDir)) {
            // A refused attempt in this process first: on Linux, closing any channel on the lock file
            // would drop the lock this process holds, so this also checks that refusing touched nothing.
            assertThatThrownBy(() -> SqliteDatabase.open(dataDir)).isInstanceOf(DataDirectoryLockedException.class);

            try (ChildJvm child = ChildJvm.start(LockProbeMain.class, dataDir.toString())) {
                String line = child.awaitLine(LockProbeMain::isVerdict, CHILD_TIMEOUT);
                assertThat(line).startsWith("locked: ").contains(held.dataDir().toString());
                assertThat(child.awaitExit(CHILD_TIMEOUT)).isEqualTo(LockProbeMain.LOCKED);
            }
        }
    }

    @Test
    void closingReleasesTheDirectoryForAnotherProcess() throws Exception {
        Path dataDir = parent.resolve("data");
        SqliteDatabase.open(dataDir).close();

        try (ChildJvm child = ChildJvm.start(LockProbeMain.class, dataDir.toString())) {
            assertThat(child.awaitLine(LockProbeMain::isVerdict, CHILD_TIMEOUT)).startsWith("opened ");
            assertThat(child.awaitExit(CHILD_TIMEOUT)).isEqualTo(LockProbeMain.OPENED);
        }
        SqliteDatabase.open(dataDir).close();
    }

    @Test
    void closeIsIdempotent() {
        SqliteDatabase database = SqliteDatabase.open(parent.resolve("data"));
        database.close();
        database.close();
    }
}
