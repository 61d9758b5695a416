package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.model.DatabaseSnapshot;
import io.hookrelay.delivery.usecase.BackUpDatabase;
import io.hookrelay.http.ApiServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class BackupDownloadTest {
    /** Far more than any socket buffer holds, so a client that stops reading leaves most of it unsent. */
    private static final long LARGE = 256L * 1024 * 1024;

    private final AtomicReference<Snapshot> snapshot = new AtomicReference<>();
    private final List<String> threads = new CopyOnWriteArrayList<>();
    private final ApiServer server = new ApiServer(new BackUpDatabase() {
        @Override
        public Download download() {
            threads.add(Thread.currentThread().getName());
            Snapshot next = snapshot.get();
            if (next == null) {
                throw new ConflictException("not_supported", "this store is backed up with its own tools");
            }
            return new Download("hookrelay-20261201T101500Z.db", new DatabaseSnapshot(next, next.size));
        }

        @Override
        public SavedBackup save(String path) {
            throw new UnsupportedOperationException("no test here saves a backup");
        }
    });
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    @BeforeEach
    void captureLog() {
        log.start();
        root.addAppender(log);
    }

    @AfterEach
    void stop() {
        server.close();
        root.detachAppender(log);
    }

    @Test
    void theSnapshotIsStreamedWholeAsASqliteAttachmentFromAWorkerThreadAndThenClosed() throws Exception {
        Snapshot small = new Snapshot(300_000);
        snapshot.set(small);

        HttpResponse<byte[]> response = server.client().send(server.request("/api/v1/admin/backup")
                .header("Authorization", "Bearer " + ApiServer.TOKEN).GET().build(), HttpResponse.BodyHandlers.ofByteArray());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/vnd.sqlite3");
        assertThat(response.headers().firstValue("Content-Length")).contains("300000");
        assertThat(response.headers().firstValue("Content-Disposition"))
                .contains("attachment; filename=\"hookrelay-20261201T101500Z.db\"");
        assertThat(response.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(response.body()).isEqualTo(new Snapshot(300_000).readAllBytes());
        assertThat(small.closed.await(ApiServer.WAIT.toSeconds(), TimeUnit.SECONDS)).as("snapshot closed").isTrue();
        assertThat(threads).singleElement().asString().doesNotContain("I/O");
    }

    @Test
    void aClientThatDisconnectsMidwayGetsItsSnapshotClosedWithoutAStackTraceAndTheServerCarriesOn()
            throws Exception {
        Snapshot large = new Snapshot(LARGE);
        snapshot.set(large);

        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET /api/v1/admin/backup HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + ApiServer.TOKEN
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            assertThat(new String(in.readNBytes(15), StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200 OK");
            in.readNBytes(1024 * 1024);
        }

        assertThat(large.closed.await(ApiServer.WAIT.toSeconds(), TimeUnit.SECONDS)).as("snapshot closed").isTrue();
        assertThat(large.served).isLessThan(LARGE);
        assertThat(server.send("GET", "/healthz", null).statusCode()).as("the next request").isEqualTo(200);
        assertThat(log.list).noneMatch(event -> event.getThrowableProxy() != null)
                .anySatisfy(event -> assertThat(event.getFormattedMessage()).contains("the client stopped reading"));
    }

    @Test
    void aStoreWithoutOnlineBackupsIs409NotSupported() throws Exception {
        HttpResponse<String> response = server.send("GET", "/api/v1/admin/backup", null);

        assertThat(response.statusCode()).isEqualTo(409);
        assertThat(response.body()).isEqualTo("{\"error\":\"not_supported\",\"message\":\"this store is backed up with its own tools\"}");
    }

    @Test
    void withoutTheAdminTokenNothingIsTaken() throws Exception {
        snapshot.set(new Snapshot(10));

        HttpResponse<String> response = server.send(server.request("/api/v1/admin/backup").GET().build());

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(threads).isEmpty();
    }

    /** {@code size} bytes that depend on their position, made as they are read, never held; it knows what it served and when it is closed. */
    private static final class Snapshot extends InputStream {
        final long size;
        final CountDownLatch closed = new CountDownLatch(1);
        volatile long served;

        Snapshot(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) == -1 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (served == size) {
                return -1;
            }
            int count = (int) Math.min(length, size - served);
            for (int i = 0; i < count; i++) {
                buffer[offset + i] = (byte) (((served + i) * 2_654_435_761L) >>> 24);
            }
            served += count;
            return count;
        }

        @Override
        public void close() {
            closed.countDown();
        }
    }
}
