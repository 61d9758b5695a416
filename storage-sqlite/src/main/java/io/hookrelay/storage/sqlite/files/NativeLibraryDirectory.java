package io.hookrelay.storage.sqlite.files;

import io.hookrelay.queue.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where sqlite-jdbc unpacks its native library: {@code <dataDir>/sqlite-native}, rather than the shared
 * temp directory.
 *
 * <p>sqlite-jdbc writes the library (about 1 MB) to a new file in each JVM, with a lock file beside it, and
 * deletes both when the JVM exits normally. A SIGKILLed or OOM-killed JVM leaves both behind, and because the
 * lock file is left too, sqlite-jdbc's own cleanup never removes them: a relay that gets killed now and then
 * slowly fills {@code /tmp}. Inside the data directory, whoever holds the directory's lock knows that every
 * file there was left by a process that has ended, so it removes them. Deleting a library some JVM has
 * loaded is harmless on Linux and macOS, where the mapping outlives the name.
 *
 * <p>The property only counts before this JVM first loads SQLite; a JVM that opens several data
 * directories unpacks into the first one's. An embedder who set {@value #PROPERTY} chose their own
 * place, and it is left alone.
 */
public final class NativeLibraryDirectory {
    static final String PROPERTY = "org.sqlite.tmpdir";
    static final String DIRECTORY = "sqlite-native";

    private NativeLibraryDirectory() {
    }

    /**
     * Called with the data directory's lock held, before the first connection.
     *
     * @return how many files earlier processes left behind and were removed
     * @throws StoreException when the directory cannot be created or cleared
     */
    public static int claim(Path dataDir) {
        Path directory = dataDir.resolve(DIRECTORY);
        synchronized (NativeLibraryDirectory.class) {
            String chosen = System.getProperty(PROPERTY);
            if (chosen == null) {
                System.setProperty(PROPERTY, directory.toString());
            } else if (!chosen.equals(directory.toString())) {
                return 0;
            }
        }
        try {
            OwnerOnlyFiles.directory(directory);
            List<Path> leftOver;
            try (Stream<Path> files = Files.list(directory)) {
                leftOver = files.collect(Collectors.toList());
            }
            for (Path file : leftOver) {
                Files.deleteIfExists(file);
            }
            return leftOver.size();
        } catch (IOException e) {
            throw new StoreException("cannot prepare " + directory + " for SQLite's native library", e);
        }
    }
}
