package io.hookrelay.cli.backup;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.hookrelay.cli.client.AdminClient;
import io.hookrelay.cli.client.ApiJson;
import io.hookrelay.cli.client.ApiOptions;
import io.hookrelay.cli.client.ApiPath;
import io.hookrelay.cli.client.Reasons;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.common.Plurals;
import io.hookrelay.cli.common.VersionProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hookrelay backup --to FILE}: downloads a consistent snapshot of the running server's database and
 * writes it to FILE on this machine, owner-only ({@code 0600}) whatever the umask, since it holds every
 * event and the relay's configuration.
 *
 * <p>FILE appears whole or not at all: the snapshot goes to a temporary file in FILE's directory, is checked
 * to be a complete SQLite database and synced, and only then renamed to FILE, so an interrupted or truncated
 * download never leaves a file that looks like a backup. An existing FILE is refused before anything is
 * asked of the server, and again just before the rename: a backup never replaces a file.
 */
@Command(name = "backup", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, description = {
    "Downloads a consistent copy of the running server's database and writes it to FILE, on this machine.",
    "FILE must not exist yet; it is written owner-only (0600)."})
public final class BackupCommand implements Callable<Integer> {
    static final String MEDIA_TYPE = "application/vnd.sqlite3";
    private static final String PARTIAL_PREFIX = ".hookrelay-backup-";
    private static final String PARTIAL_SUFFIX = ".part";

    @Mixin
    private ApiOptions api;

    @Spec
    private CommandSpec spec;

    @Option(names = "--to", required = true, paramLabel = "FILE", description = "The backup file to create.")
    private Path to;

    /** What {@code --json} prints: the same fields the server's own backups are described with. */
    record BackupJson(String path, long bytes) {
    }

    @Override
    public Integer call() {
        Path file = to.toAbsolutePath().normalize();
        refuseExisting(file);
        Path directory = file.getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new CommandFailedException(spec.exitCodeOnInvalidInput(), "the directory of " + file + " does not exist");
        }
        AdminClient client = api.client();
        long bytes = writeAtomically(file, directory, client);
        print(new BackupJson(file.toString(), bytes), spec.commandLine().getOut());
        return ExitCode.OK;
    }

    private long writeAtomically(Path file, Path directory, AdminClient client) {
        Path partial = createPartial(directory);
        try {
            long bytes;
            try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
                bytes = client.download(ApiPath.of("admin", "backup"), MEDIA_TYPE, channel);
                Optional<String> problem = SqliteFileCheck.problem(channel);
                if (problem.isPresent()) {
                    throw new CommandFailedException(AdminClient.SERVER_ERROR, "the download is not a complete database ("
                            + problem.get() + "); nothing was written to " + file);
                }
                channel.force(true);
            }
            refuseExisting(file);
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
            force(directory);
            return bytes;
        } catch (IOException e) {
            throw new CommandFailedException(AdminClient.SERVER_ERROR, "cannot write " + file + ": " + Reasons.of(e), e);
        } finally {
            deleteQuietly(partial);
        }
    }

    /**
     * Created {@code 0600} by the JDK on POSIX; set again so that no umask or file system default is relied on.
     * The server's files get their modes in its storage adapter, which this client does not depend on.
     */
    private static Path createPartial(Path directory) {
        try {
            Path partial = Files.createTempFile(directory, PARTIAL_PREFIX, PARTIAL_SUFFIX);
            if (partial.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rw-------"));
            }
            return partial;
        } catch (IOException e) {
            throw new CommandFailedException(AdminClient.SERVER_ERROR, "cannot write in " + directory + ": " + Reasons.of(e), e);
        }
    }

    private void refuseExisting(Path file) {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new CommandFailedException(spec.exitCodeOnInvalidInput(), file + " already exists; a backup never replaces a file");
        }
    }

    private void print(BackupJson backup, PrintWriter out) {
        if (api.json()) {
            try {
                out.println(ApiJson.MAPPER.writeValueAsString(backup));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a backup's description could not be written as JSON", e);
            }
        } else {
            out.println("backed up the database to " + backup.path() + " (" + Plurals.count(backup.bytes(), "byte", "bytes") + ")");
        }
        out.flush();
    }

    /** The rename is only durable once the directory that records it is. */
    private static void force(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    private static void deleteQuietly(Path partial) {
        try {
            Files.deleteIfExists(partial);
        } catch (IOException ignored) {
            // A hidden, owner-only leftover of a failed download, named as one.
        }
    }
}
