package io.hookrelay.storage.sqlite.connection;

import io.hookrelay.storage.jdbi.Daos;
import java.util.HashMap;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/**
 * A JDBI handle that attaches each DAO type once and hands out that instance from then on.
 *
 * <p>{@code Handle.attach} builds a proxy and prepares a handler for every method of the DAO, every time, and
 * the writer thread, which runs every write of the process one after another, would spend much of its time
 * there. An attached DAO is bound
 * to its handle and keeps nothing between calls, so one per handle serves every transaction the handle runs.
 *
 * <p>Not thread-safe: it belongs to the one thread that uses its handle.
 */
public final class AttachedHandle implements Daos {
    private final Handle handle;
    private final Map<Class<?>, Object> attached = new HashMap<>();

    AttachedHandle(Handle handle) {
        this.handle = handle;
    }

    @Override
    public <D> D attach(Class<D> dao) {
        return dao.cast(attached.computeIfAbsent(dao, handle::attach));
    }

    /** The handle itself, for what is not a DAO call: transaction statements, migrations, pragmas. */
    public Handle handle() {
        return handle;
    }
}
