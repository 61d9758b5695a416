package io.hookrelay.http;

import io.hookrelay.delivery.DatabaseSnapshot;
import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.queue.StoreException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;

/**
 * {@code GET /api/v1/admin/backup}: a snapshot of the database, streamed as {@code application/vnd.sqlite3}
 * with its length, so a client can tell a complete download from one cut short.
 *
 * <p>It runs on a request thread, as every handler does ({@link HttpServer}), and copies in chunks: the
 * database is never held in memory, and no I/O thread waits on the client. The snapshot is closed however
 * the copy ends, which frees its disk space. A client that stops reading midway is its own doing: one line
 * in the log and the connection closed, since an answer shorter than its length is the only way to say it
 * is incomplete.
 */
final class BackupDownloadHandler implements HttpHandler {
    static final String CONTENT_TYPE = "application/vnd.sqlite3";
    private static final int CHUNK_BYTES = 64 * 1024;
    private static final Logger log = LoggerFactory.getLogger(BackupDownloadHandler.class);

    private final ApiOperations operations;

    BackupDownloadHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws IOException {
        EndpointHandler.refuseUnknownQueryParameters(exchange, name -> false);
        try (BackupAdmin.Download download = operations.downloadBackup()) {
            exchange.setStatusCode(StatusCodes.OK);
            HeaderMap headers = exchange.getResponseHeaders();
            headers.put(Headers.CONTENT_TYPE, CONTENT_TYPE);
            headers.put(Headers.CONTENT_LENGTH, download.snapshot().size());
            headers.put(Headers.CONTENT_DISPOSITION, "attachment; filename=\"" + download.fileName() + "\"");
            // It holds every event and the relay's configuration: no cache on the way keeps a copy.
            headers.put(Headers.CACHE_CONTROL, "no-store");
            send(exchange, download.snapshot());
        }
    }

    private static void send(HttpServerExchange exchange, DatabaseSnapshot snapshot) {
        OutputStream out = exchange.getOutputStream();
        byte[] chunk = new byte[CHUNK_BYTES];
        long sent = 0;
        for (int read = read(snapshot, chunk); read != -1; read = read(snapshot, chunk)) {
            try {
                out.write(chunk, 0, read);
            } catch (IOException e) {
                brokenOff(exchange, sent, snapshot.size(), e);
                return;
            }
            sent += read;
        }
        if (sent != snapshot.size()) {
            throw new StoreException("the snapshot ended after " + sent + " of its " + snapshot.size() + " bytes", null);
        }
        try {
            out.close();
        } catch (IOException e) {
            brokenOff(exchange, sent, snapshot.size(), e);
        }
    }

    private static int read(DatabaseSnapshot snapshot, byte[] chunk) {
        try {
            return snapshot.content().read(chunk);
        } catch (IOException e) {
            throw new StoreException("cannot read the snapshot of the database: " + e.getMessage(), e);
        }
    }

    private static void brokenOff(HttpServerExchange exchange, long sent, long size, IOException e) {
        log.info("{} {}: the client stopped reading after {} of {} bytes ({}); the snapshot is discarded",
                exchange.getRequestMethod(), exchange.getRequestPath(), sent, size, e.getMessage());
        IoUtils.safeClose(exchange.getConnection());
    }
}
