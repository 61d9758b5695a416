package io.hookrelay.it.durability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What a {@code -wal} file's header says about which generation of the log it holds, and the file's size.
 * SQLite writes new salts into the header each time it restarts the log from its beginning, which it only
 * does once a checkpoint has copied every frame back into the database: a change of salts is proof, from
 * outside the process, that the WAL was checkpointed to the end.
 *
 * @param checkpointSequence the header's checkpoint sequence number (bytes 12–15)
 * @param salt1              bytes 16–19, incremented at each restart
 * @param salt2              bytes 20–23, random at each restart
 */
record WalHeader(long fileBytes, int checkpointSequence, int salt1, int salt2) {
    private static final int HEADER_BYTES = 32;

    static WalHeader of(Path wal) {
        try (FileChannel file = FileChannel.open(wal, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
            while (header.hasRemaining() && file.read(header, header.position()) > 0) {
                // A header is written whole before any frame; a short read only means the next read continues it.
            }
            if (header.hasRemaining()) {
                throw new IllegalStateException(wal + " has no complete WAL header");
            }
            return new WalHeader(file.size(), header.getInt(12), header.getInt(16), header.getInt(20));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the two headers are of the same generation of the log, none restarted in between. */
    boolean sameGenerationAs(WalHeader other) {
        return salt1 == other.salt1 && salt2 == other.salt2;
    }
}
