package io.hookrelay.http.api;

import io.hookrelay.delivery.model.DatabaseSnapshot;
import io.hookrelay.delivery.usecase.BackUpDatabase;
import io.hookrelay.http.ApiRequest;
import io.undertow.io.IoCallback;
import io.undertow.io.Sender;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;
import io.undertow.util.StatusCodes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;

/**
 * {@code /api/v1/admin/backup}: backups of the database taken while the relay runs. {@code GET} streams a snapshot as
 * {@code application/vnd.sqlite3} with its length, so a client can tell a complete download from one cut short;
 * {@code POST} → {@code {"path","bytes"}} has the server keep a copy in its backup directory.
 *
 * <p>A download copies a chunk at a time: each is read on a request thread and written without one, so the database
 * is never held in memory and a client that reads slowly holds no thread while it does. The snapshot is
 * closed however the copy ends, which frees its disk space. A client that stops reading midway is its own
 * doing: one line in the log and the connection closed, since an answer shorter than its length is the only
 * way to say it is incomplete.
 */
final class BackupHandlers {
    static final String CONTENT_TYPE = "application/vnd.sqlite3";
    private static final String BACKUP = "/api/v1/admin/backup";
    private static final int CHUNK_BYTES = 64 * 1024;
    private static final Logger log = LoggerFactory.getLogger(BackupHandlers.class);

    private final BackUpDatabase backups;

    BackupHandlers(BackUpDatabase backups) {
        this.backups = Objects.requireNonNull(backups, "backups");
    }

    void addTo(ApiEndpoints api) {
        api.getStreamed(BACKUP, this::download);
        api.post(BACKUP, this::save);
    }

    /**
     * Which new file of the server's backup directory to write the copy to: a name relative to it, or an absolute path
     * inside it.
     */
    record BackupRequest(String path) {
    }

    record BackupJson(String path, long bytes) {
    }

    private Reply save(ApiRequest request) {
        BackupRequest wanted = request.jsonBody(BackupRequest.class);
        BackUpDatabase.SavedBackup saved = backups.save(Fields.required(wanted.path(), "path"));
        return Reply.ok(new BackupJson(saved.file().toString(), saved.bytes()));
    }

    private void download(HttpServerExchange exchange) {
        BackUpDatabase.Download download = backups.download();
        exchange.setStatusCode(StatusCodes.OK);
        HeaderMap headers = exchange.getResponseHeaders();
        headers.put(Headers.CONTENT_TYPE, CONTENT_TYPE);
        headers.put(Headers.CONTENT_LENGTH, download.snapshot().size());
        headers.put(Headers.CONTENT_DISPOSITION, "attachment; filename=\"" + download.fileName() + "\"");
        // It holds every event and the relay's configuration: no cache on the way keeps a copy.
        headers.put(Headers.CACHE_CONTROL, "no-store");
        // Dispatched, so that Undertow leaves the exchange open when this returns: the copy ends it.
        exchange.dispatch(SameThreadExecutor.INSTANCE, new Copy(exchange, download)::sendNext);
    }

    /** One download's copy: the next chunk is read once the one before it was written. */
    private static final class Copy implements IoCallback {
        private final HttpServerExchange exchange;
        private final BackUpDatabase.Download download;
        private final byte[] chunk = new byte[CHUNK_BYTES];
        private long sent;

        Copy(HttpServerExchange exchange, BackUpDatabase.Download download) {
            this.exchange = exchange;
            this.download = download;
        }

        /** On a request thread: reading the snapshot may wait on the disk. */
        void sendNext() {
            DatabaseSnapshot snapshot = download.snapshot();
            int read;
            try {
                read = snapshot.content().read(chunk);
            } catch (IOException | RuntimeException e) {
                end("cannot read the snapshot of the database after " + sent + " of its " + snapshot.size() + " bytes", e);
                return;
            }
            if (read == -1) {
                if (sent == snapshot.size()) {
                    close();
                    exchange.endExchange();
                } else {
                    end("the snapshot ended after " + sent + " of its " + snapshot.size() + " bytes", null);
                }
                return;
            }
            sent += read;
            exchange.getResponseSender().send(ByteBuffer.wrap(chunk, 0, read), this);
        }

        @Override
        public void onComplete(HttpServerExchange written, Sender sender) {
            exchange.getConnection().getWorker().execute(this::sendNext);
        }

        @Override
        public void onException(HttpServerExchange written, Sender sender, IOException e) {
            log.info("{} {}: the client stopped reading after {} of {} bytes ({}); the snapshot is discarded",
                    exchange.getRequestMethod(), exchange.getRequestPath(), sent, download.snapshot().size(), e.getMessage());
            close();
            IoUtils.safeClose(exchange.getConnection());
        }

        /** Half an answer is out: closing is the only way left to tell the client it is incomplete. */
        private void end(String failure, Exception cause) {
            log.error("{} {}: {}", exchange.getRequestMethod(), exchange.getRequestPath(), failure, cause);
            close();
            IoUtils.safeClose(exchange.getConnection());
        }

        private void close() {
            try {
                download.close();
            } catch (IOException | RuntimeException e) {
                log.warn("cannot discard the snapshot of the database: {}", e.toString());
            }
        }
    }
}
