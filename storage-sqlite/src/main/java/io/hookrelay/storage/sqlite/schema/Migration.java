package io.hookrelay.storage.sqlite.schema;

import java.util.Objects;
import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;

/**
 * One numbered step of a {@link MigrationTrack}: its SQL, then what it does that SQL cannot, in the same
 * transaction.
 */
record Migration(int version, String sql, Consumer<Handle> java) {
    private static final Consumer<Handle> NO_JAVA = handle -> { };

    Migration {
        if (version < 1) {
            throw new IllegalArgumentException("migration versions start at 1: " + version);
        }
        Objects.requireNonNull(sql, "sql");
        Objects.requireNonNull(java, "java");
    }

    Migration(int version, String sql) {
        this(version, sql, NO_JAVA);
    }
}
