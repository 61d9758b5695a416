package io.hookrelay.storage.sqlite.files;

import io.hookrelay.queue.StoreException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The data directory and what it holds are the owner's only, whatever the process's umask: the database
 * holds every event, the key file unseals every secret. Files are created with their final mode rather than
 * narrowed after, so there is no moment another user could open them; SQLite gives the {@code -wal} and
 * {@code -shm} it creates the mode of the database file, so creating that one owner-only covers them.
 *
 * <p>One place for every file of this process that holds events or secrets: the data directory's, backups, and
 * the admin token the application keeps beside them. On a file system without POSIX permissions there is
 * nothing to set, and files are created plainly.
 */
public final class OwnerOnlyFiles {
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> GROUP_AND_OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private OwnerOnlyFiles() {
    }

    static FileAttribute<?>[] fileMode() {
        return creatingWith(Path.of(""), FILE);
    }

    /**
     * Creates the new, empty file {@code 0600}, never through a link.
     *
     * @throws java.nio.file.FileAlreadyExistsException when anything is there already
     */
    public static void createFile(Path file) throws IOException {
        Files.createFile(file, creatingWith(file, FILE));
    }

    /** Creates {@code directory} and its missing parents {@code 0700}, the directory itself exactly so whatever the umask. */
    public static void createDirectories(Path directory) throws IOException {
        Files.createDirectories(directory, creatingWith(directory, DIRECTORY));
        restrict(directory, DIRECTORY);
    }

    /** Sets the file's mode to exactly {@code 0600}, whatever the umask left of what it was created with. */
    public static void restrictFile(Path file) throws IOException {
        restrict(file, FILE);
    }

    /** Creates {@code directory}'s missing parents as the umask says and the directory itself {@code 0700}. */
    public static Path directory(Path directory) throws IOException {
        Path absolute = directory.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            return absolute;
        }
        if (absolute.getParent() != null) {
            Files.createDirectories(absolute.getParent());
        }
        try {
            return Files.createDirectory(absolute, creatingWith(absolute, DIRECTORY));
        } catch (FileAlreadyExistsException raced) {
            if (Files.isDirectory(absolute)) {
                return absolute;
            }
            throw raced;
        }
    }

    /** Creates an empty {@code 0600} file unless one is there already. */
    public static void file(Path file) throws IOException {
        try {
            Files.createFile(file, fileMode());
        } catch (FileAlreadyExistsException alreadyThere) {
            // Its mode is narrowed by tighten, with everything else already in the directory.
        }
    }

    /**
     * Takes group and other permissions off the directory and off everything directly in it (not what is in
     * its subdirectories: a subdirectory that is the owner's only already keeps its contents so).
     *
     * @return each entry that was wider, as {@code name (was rwxr-xr-x)}, for the one log line saying so
     * @throws StoreException when a mode cannot be read or set
     */
    public static List<String> tighten(Path directory) {
        if (!hasModes(directory)) {
            return List.of();
        }
        List<String> tightened = new ArrayList<>();
        try (Stream<Path> entries = Files.list(directory)) {
            narrow(directory, directory.toString(), tightened);
            for (Path entry : entries.toList()) {
                narrow(entry, entry.getFileName().toString(), tightened);
            }
        } catch (IOException e) {
            throw new StoreException("cannot make " + directory + " readable by its owner only", e);
        }
        return tightened;
    }

    private static void narrow(Path entry, String name, List<String> tightened) throws IOException {
        if (Files.isSymbolicLink(entry)) {
            return;
        }
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(entry, LinkOption.NOFOLLOW_LINKS);
        Set<PosixFilePermission> ownerOnly = EnumSet.noneOf(PosixFilePermission.class);
        ownerOnly.addAll(mode);
        ownerOnly.removeAll(GROUP_AND_OTHERS);
        if (!ownerOnly.equals(mode)) {
            Files.setPosixFilePermissions(entry, ownerOnly);
            tightened.add(name + " (was " + PosixFilePermissions.toString(mode) + ")");
        }
    }

    private static boolean hasModes(Path where) {
        return where.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** What to create a file or directory at {@code where} with; the umask can only narrow it. */
    private static FileAttribute<?>[] creatingWith(Path where, Set<PosixFilePermission> mode) {
        return hasModes(where) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(mode)} : new FileAttribute<?>[0];
    }

    private static void restrict(Path path, Set<PosixFilePermission> mode) throws IOException {
        if (hasModes(path)) {
            Files.setPosixFilePermissions(path, mode);
        }
    }
}
