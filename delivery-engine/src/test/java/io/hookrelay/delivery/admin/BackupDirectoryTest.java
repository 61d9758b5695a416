package io.hookrelay.delivery.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.port.BackupFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every refusal also checks that nothing was created: not in the backup directory, and not beside it in
 * {@code outside}, where every escape would land. Files are created plainly here; their modes are the storage
 * adapter's (SqliteDatabaseBackupTest).
 */
class BackupDirectoryTest {
    private static final BackupFiles PLAIN = new BackupFiles() {
        @Override
        public void createDirectories(Path directory) throws IOException {
            Files.createDirectories(directory);
        }

        @Override
        public void createFile(Path file) throws IOException {
            Files.createFile(file);
        }
    };

    @TempDir
    Path temp;

    private Path root;
    private Path outside;
    private BackupDirectory backups;

    @BeforeEach
    void directories() throws IOException {
        root = temp.resolve("backups");
        outside = Files.createDirectory(temp.resolve("outside"));
        backups = new BackupDirectory(root);
    }

    @Test
    void aRelativeNameIsANewFileInADirectoryTheFirstBackupCreates() throws IOException {
        Path file = backups.createFile("nightly.db", PLAIN);

        assertThat(file).isEqualTo(root.toRealPath().resolve("nightly.db")).isEmptyFile();
    }

    @Test
    void anAbsolutePathInsideAndANameInAnExistingSubdirectoryAreTaken() throws IOException {
        Files.createDirectories(root.resolve("weekly"));

        assertThat(backups.createFile(root.resolve("absolute.db").toString(), PLAIN)).isEmptyFile();
        assertThat(backups.createFile("weekly/sunday.db", PLAIN)).isEqualTo(root.toRealPath().resolve("weekly/sunday.db"));
        assertThat(backups.createFile("weekly/../back-up.db", PLAIN)).isEqualTo(root.toRealPath().resolve("back-up.db"));
    }

    @Test
    void anExistingFileIsAConflictAndKeepsItsContent() throws IOException {
        Files.createDirectories(root);
        Path existing = Files.writeString(root.resolve("existing.db"), "keep me");
        Path empty = Files.createFile(root.resolve("empty.db"));

        assertThatThrownBy(() -> backups.createFile("existing.db", PLAIN)).isInstanceOf(ConflictException.class)
                .hasMessageContaining("already exists");
        assertThatThrownBy(() -> backups.createFile(empty.toString(), PLAIN)).isInstanceOf(ConflictException.class);

        assertThat(existing).hasContent("keep me");
        assertThat(empty).isEmptyFile();
    }

    @ParameterizedTest
    @ValueSource(strings = {"../outside/escaped.db", "../escaped.db", "weekly/../../escaped.db", "/proc/self/x.db",
        "/etc/hookrelay.db", "", " ", ".", "weekly/.."})
    void aPathThatIsNotAFileInsideIsRefused(String path) throws IOException {
        assertThatThrownBy(() -> backups.createFile(path, PLAIN)).isInstanceOf(InvalidRequestException.class);

        assertThat(filesUnder(outside)).isEmpty();
        assertThat(Path.of("/etc/hookrelay.db")).doesNotExist();
        assertThat(temp.resolve("escaped.db")).doesNotExist();
    }

    @Test
    void anAbsolutePathElsewhereIsRefusedWithoutCreatingTheBackupDirectory() {
        assertThatThrownBy(() -> backups.createFile(outside.resolve("x.db").toString(), PLAIN))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("outside the backup directory");

        assertThat(root).doesNotExist();
        assertThat(filesUnder(outside)).isEmpty();
    }

    @Test
    void aSubdirectoryLinkLeadingOutsideIsRefused() throws IOException {
        Files.createDirectories(root);
        Files.createSymbolicLink(root.resolve("away"), outside);

        assertThatThrownBy(() -> backups.createFile("away/escaped.db", PLAIN)).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("symbolic link");

        assertThat(filesUnder(outside)).isEmpty();
    }

    @Test
    void aFileNamedByALinkIsRefusedEvenAnInsideOneAndItsTargetIsNotCreated() throws IOException {
        Files.createDirectories(root);
        Files.createSymbolicLink(root.resolve("dangling.db"), outside.resolve("target.db"));
        Files.createSymbolicLink(root.resolve("inside.db"), root.resolve("real.db"));

        assertThatThrownBy(() -> backups.createFile("dangling.db", PLAIN)).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("symbolic link");
        assertThatThrownBy(() -> backups.createFile("inside.db", PLAIN)).isInstanceOf(InvalidRequestException.class);

        assertThat(filesUnder(outside)).isEmpty();
        assertThat(root.resolve("real.db")).doesNotExist();
    }

    @Test
    void aBackupDirectoryThatIsALinkIsResolvedOnceAndEitherSpellingIsInside() throws IOException {
        Path real = Files.createDirectory(temp.resolve("real-backups"));
        Path link = Files.createSymbolicLink(temp.resolve("linked-backups"), real);
        BackupDirectory linked = new BackupDirectory(link);

        assertThat(linked.createFile("relative.db", PLAIN)).isEqualTo(real.toRealPath().resolve("relative.db"));
        assertThat(linked.createFile(link.resolve("spelled.db").toString(), PLAIN)).isEqualTo(real.toRealPath().resolve("spelled.db"));
        assertThat(linked.createFile(real.resolve("real.db").toString(), PLAIN)).isEqualTo(real.toRealPath().resolve("real.db"));
    }

    @Test
    void whatTheFileSystemRefusesIsAnInvalidRequestSayingWhy() throws IOException {
        Files.createDirectories(root.resolve("a-directory"));
        Files.writeString(root.resolve("plain-file"), "x");

        assertThatThrownBy(() -> backups.createFile("a".repeat(256) + ".db", PLAIN)).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("refused");
        assertThatThrownBy(() -> backups.createFile("missing/x.db", PLAIN)).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("does not exist");
        assertThatThrownBy(() -> backups.createFile("a-directory", PLAIN)).isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("is a directory");
        assertThatThrownBy(() -> backups.createFile("plain-file/x.db", PLAIN)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> backups.createFile("nul\0.db", PLAIN)).isInstanceOf(InvalidRequestException.class);

        assertThat(filesUnder(root)).containsExactlyInAnyOrder(root.resolve("a-directory"), root.resolve("plain-file"));
    }

    private static List<Path> filesUnder(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(file -> !file.equals(directory)).toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
