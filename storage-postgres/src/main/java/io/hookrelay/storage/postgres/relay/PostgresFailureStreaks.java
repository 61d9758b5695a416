package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.storage.postgres.PostgresDatabase;

/**
 * {@link FailureStreaks} in the database, a row per target keyed as the queue keys it ({@link ScopedId#key}), so
 * every node's attempts count towards one streak.
 */
public final class PostgresFailureStreaks implements FailureStreaks {
    private final PostgresDatabase database;

    PostgresFailureStreaks(PostgresDatabase database) {
        this.database = database;
    }

    @Override
    public int failed(ScopedId target) {
        return database.read("count a failure", handle -> handle.attach(FailureStreakDao.class).failed(target.key()));
    }

    @Override
    public void succeeded(ScopedId target) {
        database.read("end a failure streak", handle -> {
            handle.attach(FailureStreakDao.class).succeeded(target.key());
            return null;
        });
    }

    @Override
    public void reset(ScopedId target) {
        database.read("forget a failure streak", handle -> {
            handle.attach(FailureStreakDao.class).reset(target.key());
            return null;
        });
    }
}
