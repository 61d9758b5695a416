package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.port.TargetAlerts;
import java.util.Objects;
import java.util.Set;

/**
 * {@link TargetAlerts} in the database, a row per broken target: a restart neither tells of a pause again nor
 * forgets that a broken target is owed a recovery, and of several nodes one alone tells of each change.
 */
public final class JdbiTargetAlerts implements TargetAlerts {
    private final DaoRunner database;

    public JdbiTargetAlerts(DaoRunner database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public boolean paused(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        return database.writeStatement("mark a target paused", daos -> daos.attach(TargetAlertDao.class).paused(targetId)) == 1;
    }

    @Override
    public void resumed(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        database.writeStatement("mark a target resumed", daos -> {
            daos.attach(TargetAlertDao.class).resumed(targetId);
            return null;
        });
    }

    @Override
    public boolean recovered(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        return database.writeStatement("mark a target recovered", daos -> daos.attach(TargetAlertDao.class).recovered(targetId)) == 1;
    }

    @Override
    public Set<String> broken() {
        return Set.copyOf(database.read("list broken targets", daos -> daos.attach(TargetAlertDao.class).broken()));
    }

    @Override
    public void forget(String targetId) {
        Objects.requireNonNull(targetId, "targetId");
        database.writeStatement("forget a target's alerts", daos -> {
            daos.attach(TargetAlertDao.class).forget(targetId);
            return null;
        });
    }
}
