package io.hookrelay.storage.sqlite.schema;

/** A file offered to {@link io.hookrelay.storage.sqlite.SqliteRestore} is not an intact hookrelay database; nothing was replaced. */
public class InvalidBackupException extends RuntimeException {
    public InvalidBackupException(String message, Throwable cause) {
        super(message, cause);
    }
}
