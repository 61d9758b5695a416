package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.operator.TargetAlerts;
import java.util.Objects;
import java.util.Set;

/**
 * {@link TargetAlerts} on SQLite, in the data directory rather than in memory, so a restart neither tells of a pause
 * again nor forgets that a broken target is owed a recovery.
 */
public final class SqliteTargetAlerts implements TargetAlerts {
    private final SqliteRelayDatabase database;

    public SqliteTargetAlerts(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public boolean paused(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        return database.write("mark a target paused", handle -> handle.attach(TargetAlertDao.class).paused(targetId)) == 1;
    }

    @Override
    public void resumed(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        database.write("mark a target resumed", handle -> {
            handle.attach(TargetAlertDao.class).resumed(targetId);
            return null;
        });
    }

    @Override
    public boolean recovered(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        return database.write("mark a target recovered", handle -> handle.attach(TargetAlertDao.class).recovered(targetId)) == 1;
    }

    @Override
    public Set<String> broken() {
        return Set.copyOf(database.read("list broken targets", handle -> handle.attach(TargetAlertDao.class).broken()));
    }

    @Override
    public void forget(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        database.write("forget a target's alerts", handle -> {
            handle.attach(TargetAlertDao.class).forget(targetId);
            return null;
        });
    }
}
