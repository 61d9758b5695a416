package io.hookrelay.delivery.port;

import java.time.Duration;
import java.util.Optional;

/**
 * The database a server has open, as the server runs it: whether it takes writes (readiness), what its
 * writes cost (metrics), where it is (the start line), which backups it makes itself, and closing it. The
 * stores are built on it and know its backend; the server needs only this, so it runs on any backend.
 */
public interface OpenDatabase extends AutoCloseable {

    /** Whether a write could be committed right now. Never throws: a database that cannot answer is not writable. */
    boolean isWritable();

    /** What its writes have cost so far, counted from when it was opened. */
    WriteFigures writeFigures();

    /** Where it is, for people, without any secret: {@code data dir: ./data}. */
    String location();

    /** Its own consistent copies, or none when the database is backed up with its own tools ({@code pg_dump}). */
    Optional<DatabaseBackup> backup();

    /**
     * How far this node's wall clock is from the clock the nodes of a shared database decide by (the database's own,
     * minus this node's); none where one process owns the database and its clock is the one.
     */
    default Optional<Duration> clockOffset() {
        return Optional.empty();
    }

    /** Idempotent. Calls in flight and later calls to the stores fail. */
    @Override
    void close();
}
