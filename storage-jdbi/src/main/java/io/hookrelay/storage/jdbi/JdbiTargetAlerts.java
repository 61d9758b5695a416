package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.TargetAlerts;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@link TargetAlerts} in the database, a row per broken target, keyed as the queue keys it ({@link ScopedId#key()}): a restart neither tells of a pause again nor
 * forgets that a broken target is owed a recovery, and of several nodes one alone tells of each change.
 */
public final class JdbiTargetAlerts implements TargetAlerts {
    private final DaoRunner database;

    public JdbiTargetAlerts(DaoRunner database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public boolean paused(ScopedId target) {
        return database.writeStatement("mark a target paused", daos -> daos.attach(TargetAlertDao.class).paused(target.key())) == 1;
    }

    @Override
    public void resumed(ScopedId target) {
        database.writeStatement("mark a target resumed", daos -> {
            daos.attach(TargetAlertDao.class).resumed(target.key());
            return null;
        });
    }

    @Override
    public boolean recovered(ScopedId target) {
        return database.writeStatement("mark a target recovered",
                daos -> daos.attach(TargetAlertDao.class).recovered(target.key())) == 1;
    }

    @Override
    public Set<ScopedId> broken() {
        return database.read("list broken targets", daos -> daos.attach(TargetAlertDao.class).broken()).stream()
                .map(ScopedId::ofKey)
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public void forget(ScopedId target) {
        database.writeStatement("forget a target's alerts", daos -> {
            daos.attach(TargetAlertDao.class).forget(target.key());
            return null;
        });
    }
}
