package io.hookrelay.http;

import io.hookrelay.delivery.admin.BackupAdmin;
import java.util.Objects;

/**
 * {@code POST /api/v1/admin/backup} → {@code {"path","bytes"}}: a consistent copy of the database, taken live
 * and kept on the server, in its backup directory.
 */
final class BackupHandler implements Endpoint {
    private final ApiOperations operations;

    BackupHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    record BackupJson(String path, long bytes) {
    }

    @Override
    public Reply handle(ApiRequest request) {
        BackupAdmin.SavedBackup saved = operations.saveBackup(request.jsonBody(BackupRequest.class).requiredPath());
        return Reply.ok(new BackupJson(saved.file().toString(), saved.bytes()));
    }
}
