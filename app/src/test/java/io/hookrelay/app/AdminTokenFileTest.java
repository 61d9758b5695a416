package io.hookrelay.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdminTokenFileTest {
    @TempDir
    Path dataDir;

    @Test
    void firstStartCreatesAnOwnerOnlyTokenFileThatLaterStartsReuse() throws Exception {
        AdminTokenFile first = AdminTokenFile.resolve(Optional.empty(), dataDir, new SecureRandom());

        Path file = dataDir.resolve("admin.token");
        assertThat(first.createdNow()).isTrue();
        assertThat(first.file()).contains(file);
        assertThat(Files.readString(file).strip()).isEqualTo(first.token());
        assertThat(first.token()).hasSizeGreaterThanOrEqualTo(43);
        assertThat(Files.getPosixFilePermissions(file))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

        AdminTokenFile second = AdminTokenFile.resolve(Optional.empty(), dataDir, new SecureRandom());
        assertThat(second.createdNow()).isFalse();
        assertThat(second.token()).isEqualTo(first.token());
    }

    @Test
    void theEnvironmentWinsAndNoFileIsWritten() {
        AdminTokenFile token = AdminTokenFile.resolve(Optional.of("  an-operator-chosen-token \n"), dataDir, new SecureRandom());

        assertThat(token.token()).isEqualTo("an-operator-chosen-token");
        assertThat(token.file()).isEmpty();
        assertThat(dataDir.resolve("admin.token")).doesNotExist();
    }

    @Test
    void aShortTokenIsRefusedWithoutEchoingIt() {
        assertThatThrownBy(() -> AdminTokenFile.resolve(Optional.of("hunter2"), dataDir, new SecureRandom()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("HOOKRELAY_ADMIN_TOKEN")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void itsStringFormHidesTheToken() {
        AdminTokenFile token = AdminTokenFile.resolve(Optional.of("an-operator-chosen-token"), dataDir, new SecureRandom());

        assertThat(token.toString()).doesNotContain("an-operator-chosen-token");
    }
}
