package io.hookrelay.app;

import com.google.inject.Inject;
import io.hookrelay.delivery.port.OpenDatabase;
import io.hookrelay.http.Readiness;
import io.hookrelay.http.ReadinessCheck;
import io.hookrelay.queue.pool.WorkerPool;

/**
 * Ready means work taken in now will be stored and worked on: the database takes writes and the worker
 * pool runs. A pool stopped by a failed store stays stopped, so readiness keeps failing until an operator
 * restarts the process.
 */
final class ServerReadiness implements ReadinessCheck {
    private final OpenDatabase database;
    private final WorkerPool workerPool;

    @Inject
    ServerReadiness(OpenDatabase database, WorkerPool workerPool) {
        this.database = database;
        this.workerPool = workerPool;
    }

    @Override
    public Readiness check() {
        if (!workerPool.isRunning()) {
            return Readiness.notReady("the worker pool is not running");
        }
        if (!database.isWritable()) {
            return Readiness.notReady("the database is not writable");
        }
        return Readiness.READY;
    }
}
