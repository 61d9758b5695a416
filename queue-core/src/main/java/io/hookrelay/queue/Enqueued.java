package io.hookrelay.queue;

import java.util.Objects;

/**
 * What an enqueue did.
 *
 * @param id        the id actually stored, which for a duplicate is the first enqueue's
 * @param duplicate true when the work already existed and nothing was changed
 */
public record Enqueued(String id, boolean duplicate) {
    public Enqueued {
        Objects.requireNonNull(id, "id");
    }
}
