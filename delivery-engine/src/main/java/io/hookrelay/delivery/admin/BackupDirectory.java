package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.port.BackupFiles;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The one directory server-side backups are written to ({@code --backup-dir}): a client of the API names a
 * file, and only a new file inside this directory is ever created, so the server cannot be made to write
 * wherever its process may (system files, when it runs as root).
 *
 * <p>Containment is decided on real paths, because a name that looks inside can lead out through a symbolic
 * link: the file's directory must exist and resolve inside the directory's real path, and the file itself
 * is created with {@code O_CREAT|O_EXCL}, which never follows a link and never opens what exists. Every
 * refusal is the client's to fix and says why; none is a server failure.
 */
public final class BackupDirectory {

    private final Path directory;

    /** @param directory need not exist yet: it is created, owner-only, by the first backup */
    public BackupDirectory(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory").toAbsolutePath().normalize();
    }

    public Path path() {
        return directory;
    }

    /**
     * Creates the empty file {@code requested} names, through {@code files}, which makes it and the directory
     * owner-only: a name relative to the directory, or an absolute path inside it.
     *
     * @return the file's real path
     * @throws InvalidRequestException when it leads outside the directory, names a directory or a link, lies in
     *                                 a directory that does not exist, or the file system refuses it
     * @throws ConflictException       when a file of that name exists (a backup never overwrites)
     */
    public Path createFile(String requested, BackupFiles files) {
        Path asked = parse(requested);
        Path candidate = (asked.isAbsolute() ? asked : directory.resolve(asked)).normalize();
        if (!isInside(candidate, directory) && !isInside(candidate, realPathOr(directory))) {
            throw new InvalidRequestException("path " + requested + " is outside the backup directory " + directory);
        }
        Path root = existingRoot(files);
        Path file = realParent(candidate, requested, root).resolve(candidate.getFileName());
        if (Files.isSymbolicLink(file)) {
            throw new InvalidRequestException("path " + requested + " is a symbolic link; a backup is only written to a new file");
        }
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidRequestException("path " + requested + " is a directory; name a new file in it");
        }
        try {
            files.createFile(file);
        } catch (FileAlreadyExistsException e) {
            throw new ConflictException("backup file already exists: " + requested);
        } catch (IOException e) {
            throw new InvalidRequestException("the file system refused " + requested + ": " + reason(e));
        }
        requireStillInside(file, requested, root);
        return file;
    }

    /**
     * Checks again once the file exists, in case a directory on the way was swapped for a link after it was
     * checked: then the empty file is removed and nothing is written.
     */
    private static void requireStillInside(Path file, String requested, Path root) {
        try {
            if (file.toRealPath().startsWith(root)) {
                return;
            }
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new InvalidRequestException("the file system refused " + requested + ": " + reason(e));
        }
        throw new InvalidRequestException("path " + requested + " leads outside the backup directory through a symbolic link");
    }

    private static Path parse(String requested) {
        Objects.requireNonNull(requested, "requested");
        if (requested.isBlank()) {
            throw new InvalidRequestException("path must name a file in the backup directory");
        }
        try {
            return Path.of(requested);
        } catch (InvalidPathException e) {
            throw new InvalidRequestException("path is not a valid file path");
        }
    }

    /** A strict descendant: the directory itself is not a file to write. */
    private static boolean isInside(Path candidate, Path root) {
        return candidate.startsWith(root) && !candidate.equals(root);
    }

    /** The real path of {@code path}, or {@code path} itself while it cannot be resolved (it does not exist yet). */
    private static Path realPathOr(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path;
        }
    }

    /** The directory's real path, once it exists: created owner-only when this is the first backup. */
    private Path existingRoot(BackupFiles files) {
        try {
            if (!Files.exists(directory)) {
                files.createDirectories(directory);
            }
            Path root = directory.toRealPath();
            if (!Files.isDirectory(root)) {
                throw new InvalidRequestException("the backup directory " + directory + " is not a directory");
            }
            return root;
        } catch (IOException e) {
            throw new InvalidRequestException("the backup directory " + directory + " cannot be used: " + reason(e));
        }
    }

    /** The real path of the directory the file goes in, which must exist and lie within {@code root}. */
    private static Path realParent(Path candidate, String requested, Path root) {
        Path parent;
        try {
            parent = candidate.getParent().toRealPath();
        } catch (NoSuchFileException e) {
            throw new InvalidRequestException("the directory of " + requested + " does not exist in the backup directory");
        } catch (IOException e) {
            throw new InvalidRequestException("the directory of " + requested + " cannot be used: " + reason(e));
        }
        if (!parent.startsWith(root)) {
            throw new InvalidRequestException("path " + requested + " leads outside the backup directory through a symbolic link");
        }
        if (!Files.isDirectory(parent)) {
            throw new InvalidRequestException("the directory of " + requested + " is not a directory");
        }
        return parent;
    }

    /** What the operating system said, without the path the message already names. */
    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileSystemException refused && refused.getReason() != null) {
            return refused.getReason();
        }
        return e.getClass().getSimpleName();
    }
}
