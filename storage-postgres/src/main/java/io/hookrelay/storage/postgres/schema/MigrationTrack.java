package io.hookrelay.storage.postgres.schema;

import java.util.List;
import java.util.Objects;

/**
 * A numbered list of migrations with a name of its own. The queue's tables and the relay's are separate
 * tracks, so an application that embeds only the queue gets only the queue's tables, and either track can
 * grow without renumbering the other.
 */
public record MigrationTrack(String name, List<Migration> migrations) {
    public MigrationTrack {
        Objects.requireNonNull(name, "name");
        migrations = List.copyOf(migrations);
        for (int i = 0; i < migrations.size(); i++) {
            if (migrations.get(i).version() != i + 1) {
                throw new IllegalArgumentException("track " + name + " must number its migrations 1, 2, … in order");
            }
        }
    }

    int latest() {
        return migrations.size();
    }
}
