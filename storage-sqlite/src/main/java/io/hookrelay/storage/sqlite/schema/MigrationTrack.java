package io.hookrelay.storage.sqlite.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;

/**
 * The schema of one part of hookrelay, as numbered forward-only steps recorded under the track's name. A
 * step, once released, is never edited: a database that has had it would not get the edit. Changes are new
 * steps at the end.
 *
 * <p>The schema is split into tracks so that an application embedding only the queue gets only the queue's
 * tables ({@link QueueMigrations}), while the relay adds its own on top ({@link RelayMigrations}); each
 * track moves on without the other's numbers.
 *
 * @param steps versions 1, 2, 3, … in order
 */
public record MigrationTrack(String name, List<Migration> steps) {
    public MigrationTrack {
        Objects.requireNonNull(name, "name");
        steps = List.copyOf(steps);
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).version() != i + 1) {
                throw new IllegalArgumentException("step " + (i + 1) + " of track " + name + " has version "
                        + steps.get(i).version());
            }
        }
    }

    public int latestVersion() {
        return steps.size();
    }

    /** The same track, with {@code java} run after the SQL of step {@code version}. */
    public MigrationTrack withJavaStep(int version, Consumer<Handle> java) {
        List<Migration> changed = new ArrayList<>(steps);
        changed.set(version - 1, new Migration(version, steps.get(version - 1).sql(), java));
        return new MigrationTrack(name, changed);
    }
}
