package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.operator.TargetAlerts;
import java.util.Objects;
import java.util.Set;

/** {@link TargetAlerts} in the database, a row per broken target, so that every node tells of a change once between them. */
public final class PostgresTargetAlerts implements TargetAlerts {
    private final PostgresDatabase database;

    PostgresTargetAlerts(PostgresDatabase database) {
        this.database = database;
    }

    @Override
    public boolean paused(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        return database.read("mark a target paused", handle -> handle.attach(TargetAlertDao.class).paused(targetId)) == 1;
    }

    @Override
    public void resumed(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        database.read("mark a target resumed", handle -> {
            handle.attach(TargetAlertDao.class).resumed(targetId);
            return null;
        });
    }

    @Override
    public boolean recovered(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        return database.read("mark a target recovered", handle -> handle.attach(TargetAlertDao.class).recovered(targetId)) == 1;
    }

    @Override
    public Set<String> broken() {
        return Set.copyOf(database.read("list broken targets", handle -> handle.attach(TargetAlertDao.class).broken()));
    }

    @Override
    public void forget(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        database.read("forget a target's alerts", handle -> {
            handle.attach(TargetAlertDao.class).forget(targetId);
            return null;
        });
    }
}
