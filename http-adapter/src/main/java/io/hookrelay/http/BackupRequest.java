package io.hookrelay.http;

/**
 * {@code POST /api/v1/admin/backup}: which new file of the server's backup directory to write the copy to, a
 * name relative to it or an absolute path inside it ({@link io.hookrelay.delivery.admin.BackupDirectory}).
 */
record BackupRequest(String path) {

    String requiredPath() {
        return Fields.required(path, "path");
    }
}
