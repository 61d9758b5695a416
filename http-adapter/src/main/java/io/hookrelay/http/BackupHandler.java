package io.hookrelay.http;

import java.nio.file.Path;
import java.util.Objects;

/** {@code POST /api/v1/admin/backup} → {@code {"path","bytes"}}: a consistent copy of the database, taken live. */
final class BackupHandler implements Endpoint {
    private final ApiOperations operations;

    BackupHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    record BackupJson(String path, long bytes) {
    }

    @Override
    public Reply handle(ApiRequest request) {
        Path file = request.jsonBody(BackupRequest.class).file();
        return Reply.ok(new BackupJson(file.toString(), operations.backupTo(file)));
    }
}
