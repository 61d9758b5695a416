package io.hookrelay.cli.backup;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.cli.Cli;
import io.hookrelay.cli.FakeApi;
import io.hookrelay.cli.FakeApiExtension;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(FakeApiExtension.class)
class BackupCommandTest {
    private static final int PAGE = 4096;
    private static final int PAGES = 3;
    private static final byte[] DATABASE = database();

    private final FakeApi api;
    private final Map<String, String> environment;

    @TempDir
    Path dir;

    BackupCommandTest(FakeApi api) {
        this.api = api;
        this.environment = Cli.environmentFor(api);
    }

    @Test
    void backupDownloadsTheSnapshotAndWritesItOwnerOnlyOnThisMachine() throws IOException {
        api.answers(200, BackupCommand.MEDIA_TYPE, DATABASE);
        Path file = dir.resolve("relay.db");

        Cli.Result result = Cli.run(environment, "backup", "--to", dir.resolve("./relay.db").toString());

        assertThat(result.exitCode()).as(result.err()).isZero();
        api.assertOnlyRequest("GET", "/api/v1/admin/backup", null);
        assertThat(result.out()).isEqualTo("backed up the database to " + file + " (" + DATABASE.length + " bytes)\n");
        assertThat(file).hasBinaryContent(DATABASE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(filesIn(dir)).containsExactly(file);
    }

    @Test
    void jsonDescribesTheFileWritten() {
        api.answers(200, BackupCommand.MEDIA_TYPE, DATABASE);
        Path file = dir.resolve("relay.db");

        Cli.Result result = Cli.run(environment, "backup", "--to", file.toString(), "--json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(Cli.json(result.out())).isEqualTo(Cli.json("{\"path\":\"" + file + "\",\"bytes\":" + DATABASE.length + "}"));
    }

    @Test
    void anExistingFileIsRefusedBeforeTheServerIsAskedAndKept() throws IOException {
        Path existing = Files.writeString(dir.resolve("relay.db"), "yesterday's");

        Cli.Result result = Cli.run(environment, "backup", "--to", existing.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: " + existing + " already exists; a backup never replaces a file");
        assertThat(api.requests()).isEmpty();
        assertThat(existing).hasContent("yesterday's");
    }

    @Test
    void aMissingDirectoryIsRefusedBeforeTheServerIsAsked() {
        Path file = dir.resolve("missing").resolve("relay.db");

        Cli.Result result = Cli.run(environment, "backup", "--to", file.toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: the directory of " + file + " does not exist");
        assertThat(api.requests()).isEmpty();
        assertThat(filesIn(dir)).isEmpty();
    }

    @Test
    void aDownloadThatBreaksOffLeavesNoFile() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> cutShort = CompletableFuture.runAsync(() -> answerCutShort(server));
            String url = "http://127.0.0.1:" + server.getLocalPort();

            Cli.Result result = Cli.run(Map.of("HOOKRELAY_URL", url, "HOOKRELAY_ADMIN_TOKEN", Cli.TOKEN),
                    "backup", "--to", dir.resolve("relay.db").toString());

            cutShort.get(10, TimeUnit.SECONDS);
            assertThat(result.exitCode()).isEqualTo(1);
            assertThat(result.errLines()).singleElement().asString()
                    .startsWith("hookrelay: the download from " + url + " broke off after ");
            assertThat(filesIn(dir)).isEmpty();
        }
    }

    /** Announces the whole database, sends its first page and a bit, and closes the connection. */
    private static void answerCutShort(ServerSocket server) {
        try (Socket connection = server.accept()) {
            BufferedReader head = new BufferedReader(new InputStreamReader(connection.getInputStream(), StandardCharsets.US_ASCII));
            for (String line = head.readLine(); line != null && !line.isEmpty(); line = head.readLine()) {
                // the request head, read so that the client sees its request taken
            }
            OutputStream out = connection.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: " + BackupCommand.MEDIA_TYPE + "\r\nContent-Length: " + DATABASE.length
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(DATABASE, 0, PAGE + 100);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aWholeAnswerThatIsNotAWholeDatabaseLeavesNoFile() {
        api.answers(200, BackupCommand.MEDIA_TYPE, Arrays.copyOf(DATABASE, 2 * PAGE));
        Path file = dir.resolve("relay.db");

        Cli.Result result = Cli.run(environment, "backup", "--to", file.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.errLines()).containsExactly("hookrelay: the download is not a complete database (it has " + 2 * PAGE
                + " bytes where its header says " + DATABASE.length + "); nothing was written to " + file);
        assertThat(filesIn(dir)).isEmpty();
    }

    @Test
    void anAnswerThatIsNotADatabaseAtAllLeavesNoFile() {
        api.answers(200, BackupCommand.MEDIA_TYPE, "<html>sign in</html>".getBytes(StandardCharsets.UTF_8));

        Cli.Result notDatabase = Cli.run(environment, "backup", "--to", dir.resolve("relay.db").toString());

        assertThat(notDatabase.exitCode()).isEqualTo(1);
        assertThat(notDatabase.errLines()).singleElement().asString().contains("it is not an SQLite database");
        assertThat(filesIn(dir)).isEmpty();
    }

    @Test
    void anAnswerOfAnotherTypeIsNotTakenForABackup() {
        api.answers(200, "{\"path\":\"/srv/backup.db\",\"bytes\":1}");

        Cli.Result result = Cli.run(environment, "backup", "--to", dir.resolve("relay.db").toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.errLines()).containsExactly("hookrelay: " + api.url()
                + " answered with application/json rather than application/vnd.sqlite3; is it a hookrelay server?");
        assertThat(filesIn(dir)).isEmpty();
    }

    @Test
    void aRefusalIsTheServerSMessageOnOneLine() {
        api.answers(409, "{\"error\":\"not_supported\",\"message\":\"back up PostgreSQL with pg_dump\"}");

        Cli.Result result = Cli.run(environment, "backup", "--to", dir.resolve("relay.db").toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.errLines()).containsExactly("hookrelay: back up PostgreSQL with pg_dump (not_supported)");
        assertThat(result.out()).isEmpty();
        assertThat(filesIn(dir)).isEmpty();
    }

    @Test
    void backupNeedsAFile() {
        Cli.Result result = Cli.run(environment, "backup");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("hookrelay: Missing required option: '--to=FILE' (see 'hookrelay backup --help')");
        assertThat(api.requests()).isEmpty();
    }

    /**
     * What a database's header says of its length, and that many bytes: the magic, 4 KiB pages, a change
     * counter matching its version-valid-for number, and the page count.
     */
    private static byte[] database() {
        ByteBuffer file = ByteBuffer.allocate(PAGES * PAGE);
        file.put("SQLite format 3\0".getBytes(StandardCharsets.US_ASCII));
        file.putShort(16, (short) PAGE);
        file.putInt(24, 7);
        file.putInt(28, PAGES);
        file.putInt(92, 7);
        for (int i = 100; i < file.capacity(); i++) {
            file.put(i, (byte) i);
        }
        return file.array();
    }

    private static List<Path> filesIn(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
