package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.storage.postgres.PostgresDatabase;
import java.util.Objects;

/** {@link FailureStreaks} in the database, a row per target, so every node's attempts count towards one streak. */
public final class PostgresFailureStreaks implements FailureStreaks {
    private final PostgresDatabase database;

    PostgresFailureStreaks(PostgresDatabase database) {
        this.database = database;
    }

    @Override
    public int failed(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        return database.read("count a failure", handle -> handle.attach(FailureStreakDao.class).failed(targetId));
    }

    @Override
    public void succeeded(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        database.read("end a failure streak", handle -> {
            handle.attach(FailureStreakDao.class).succeeded(targetId);
            return null;
        });
    }

    @Override
    public void reset(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        database.read("forget a failure streak", handle -> {
            handle.attach(FailureStreakDao.class).reset(targetId);
            return null;
        });
    }
}
