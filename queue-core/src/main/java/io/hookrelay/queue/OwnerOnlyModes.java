package io.hookrelay.queue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The modes of what holds work, events and secrets: the owner's only, whatever the umask (DESIGN §3). One place
 * for every adapter that creates such a file, so none relies on the umask or forgets a file system without POSIX
 * modes, where these are no-ops. In queue-core because a store adapter embedded with the queue alone needs it too.
 */
public final class OwnerOnlyModes {
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");

    private OwnerOnlyModes() {
    }

    /** What to create a file at {@code where} with; the umask can only narrow it. */
    public static FileAttribute<?>[] ofFile(Path where) {
        return creatingWith(where, FILE);
    }

    /** What to create a directory at {@code where} with; the umask can only narrow it. */
    public static FileAttribute<?>[] ofDirectory(Path where) {
        return creatingWith(where, DIRECTORY);
    }

    /** Sets the file's mode to exactly {@code 0600}, whatever it was created with. */
    public static void restrictFile(Path file) throws IOException {
        restrict(file, FILE);
    }

    /** Sets the directory's mode to exactly {@code 0700}, whatever it was created with. */
    public static void restrictDirectory(Path directory) throws IOException {
        restrict(directory, DIRECTORY);
    }

    public static boolean hasModes(Path where) {
        return where.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private static FileAttribute<?>[] creatingWith(Path where, Set<PosixFilePermission> mode) {
        return hasModes(where) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(mode)} : new FileAttribute<?>[0];
    }

    private static void restrict(Path path, Set<PosixFilePermission> mode) throws IOException {
        if (hasModes(path)) {
            Files.setPosixFilePermissions(path, mode);
        }
    }
}
