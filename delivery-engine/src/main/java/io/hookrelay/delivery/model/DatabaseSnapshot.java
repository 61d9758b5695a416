package io.hookrelay.delivery.model;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * A consistent copy of the database being read: {@code size} bytes from {@code content}. Closing it frees
 * whatever the copy holds.
 */
public record DatabaseSnapshot(InputStream content, long size) implements Closeable {
    public DatabaseSnapshot {
        Objects.requireNonNull(content, "content");
        if (size < 0) {
            throw new IllegalArgumentException("a snapshot has a size of at least 0 bytes, not " + size);
        }
    }

    @Override
    public void close() throws IOException {
        content.close();
    }
}
