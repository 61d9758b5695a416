package io.hookrelay.storage.postgres.schema;

import java.util.Objects;

/** One forward-only step of a {@link MigrationTrack}: numbered from 1, applied once, in order. */
record Migration(int version, String sql) {
    Migration {
        Objects.requireNonNull(sql, "sql");
        if (version < 1) {
            throw new IllegalArgumentException("migration versions start at 1: " + version);
        }
    }
}
