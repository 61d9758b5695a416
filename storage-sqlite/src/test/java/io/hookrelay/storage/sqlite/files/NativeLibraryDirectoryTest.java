package io.hookrelay.storage.sqlite.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.storage.sqlite.ChildJvm;
import io.hookrelay.storage.sqlite.ClaimThenHangMain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGKILLed processes leave SQLite's native library in their data directory, and the next one clears it. */
class NativeLibraryDirectoryTest {
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dataDir;

    @TempDir
    Path tempDir;

    @Test
    void aKilledProcessLeavesTheLibraryInTheDataDirectoryOnlyAndTheNextOpenRemovesIt() throws Exception {
        Set<String> leftByFirst = runAndKill();
        assertThat(leftByFirst).as("the library and sqlite-jdbc's lock file beside it").hasSize(2)
                .allMatch(name -> name.startsWith("sqlite-"));
        assertThat(namesIn(tempDir)).as("nothing left in the JVM's temp directory").isEmpty();

        Set<String> leftBySecond = runAndKill();
        assertThat(leftBySecond).hasSize(2).doesNotContainAnyElementsOf(leftByFirst);
        assertThat(namesIn(tempDir)).isEmpty();
    }

    @Test
    void aPlaceTheEmbedderChoseIsLeftAlone() throws Exception {
        Path chosen = Files.createDirectory(tempDir.resolve("chosen"));
        try (ChildJvm child = ChildJvm.start(List.of("-D" + NativeLibraryDirectory.PROPERTY + "=" + chosen),
                ClaimThenHangMain.class, dataDir.toString(), "0", "1", "1")) {
            child.awaitLine(printed -> printed.startsWith("claimed"), CHILD_TIMEOUT);
            assertThat(namesIn(chosen)).hasSize(2);
            assertThat(dataDir.resolve(NativeLibraryDirectory.DIRECTORY)).doesNotExist();
        }
    }

    /** What one SIGKILLed child that opened the database left in {@code sqlite-native}. */
    private Set<String> runAndKill() throws Exception {
        try (ChildJvm child = ChildJvm.start(List.of("-Djava.io.tmpdir=" + tempDir), ClaimThenHangMain.class,
                dataDir.toString(), "0", "1", "1")) {
            child.awaitLine(printed -> printed.startsWith("claimed"), CHILD_TIMEOUT);
            child.kill();
            child.awaitExit(CHILD_TIMEOUT);
        }
        return namesIn(dataDir.resolve(NativeLibraryDirectory.DIRECTORY));
    }

    private static Set<String> namesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
