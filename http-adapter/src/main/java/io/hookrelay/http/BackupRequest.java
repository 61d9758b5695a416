package io.hookrelay.http;

import io.hookrelay.delivery.InvalidRequestException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** {@code POST /api/v1/admin/backup}: where, on the server's file system, to write the copy. */
record BackupRequest(String path) {

    Path file() {
        Path file;
        try {
            file = Path.of(Fields.required(path, "path"));
        } catch (InvalidPathException e) {
            throw new InvalidRequestException("path is not a valid file path");
        }
        if (!file.isAbsolute()) {
            throw new InvalidRequestException("path must be absolute: the server's working directory is not the client's");
        }
        return file;
    }
}
