package io.hookrelay.app;

import com.google.inject.Inject;
import com.google.inject.Injector;
import io.hookrelay.app.metrics.ActivitySampler;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.delivery.port.OpenDatabase;
import io.hookrelay.delivery.usage.UsageMeter;
import io.hookrelay.http.HttpServer;
import io.hookrelay.queue.pool.WorkerPool;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running hookrelay: the database, the tenant usage meter, the activity charts' sampler, the worker pool, retention
 * and the HTTP server, started in that order and stopped in the reverse one, so nothing is accepted that cannot be
 * stored or counted and the database closes last.
 */
public final class HookrelayServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HookrelayServer.class);

    private final OpenDatabase database;
    private final WorkerPool workerPool;
    private final OperatorEvents operatorEvents;
    private final UsageMeter usage;
    private final ActivitySampler activity;
    private final RetentionSchedule retention;
    private final HttpServer httpServer;
    private final Set<MeterBinder> meterBinders;
    private final AdminTokenFile adminToken;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private boolean closing;
    private volatile RuntimeException stopFailure;

    @Inject
    HookrelayServer(OpenDatabase database, WorkerPool workerPool, RetentionSchedule retention, HttpServer httpServer,
                    Set<MeterBinder> meterBinders, AdminTokenFile adminToken, OperatorEvents operatorEvents, UsageMeter usage,
                    ActivitySampler activity) {
        this.database = database;
        this.operatorEvents = operatorEvents;
        this.usage = usage;
        this.activity = activity;
        this.workerPool = workerPool;
        this.retention = retention;
        this.httpServer = httpServer;
        this.meterBinders = meterBinders;
        this.adminToken = adminToken;
    }

    /** Wires the server {@code injector} describes and starts it. */
    public static HookrelayServer start(Injector injector) {
        HookrelayServer server = wire(injector);
        server.start();
        return server;
    }

    /**
     * The server {@code injector} describes, its database open but nothing started. The database is taken
     * first, on its own, so that if wiring anything after it fails, it is closed (and a data directory's lock
     * released) rather than held until the process ends.
     */
    public static HookrelayServer wire(Injector injector) {
        OpenDatabase database = injector.getInstance(OpenDatabase.class);
        try {
            return injector.getInstance(HookrelayServer.class);
        } catch (RuntimeException e) {
            closeAfterFailure(database, e);
            throw e;
        }
    }

    /**
     * Starts the usage meter's writes, the activity samples, the workers and retention's sweeps, then binds the HTTP
     * port and logs where it listens. A server closed before this stays closed: whoever stopped it wanted it stopped.
     */
    public synchronized void start() {
        if (closing) {
            return;
        }
        try {
            usage.start();
            activity.start();
            workerPool.start();
            retention.start();
            httpServer.start();
        } catch (RuntimeException e) {
            closeAfterFailure(this, e);
            throw e;
        }
        String baseUrl = "http://" + hostAndPort(httpServer.address());
        log.info("hookrelay listening on {} ({})", baseUrl, database.location());
        FirstStartHints.print(baseUrl, adminToken);
    }

    /** The address the HTTP server actually bound. */
    public InetSocketAddress address() {
        return httpServer.address();
    }

    /**
     * Stops taking requests and lets those in flight finish, stops retention (after its batch in progress),
     * stops the workers (waiting for running handlers up to the pool's grace), tells the operator events they left,
     * stops the activity samples, writes the tenant usage counted since its last write, then closes the database (which
     * releases a data directory). Every part is stopped even if an earlier one fails; the first failure is thrown, to
     * the first caller only. Called while {@link #start()} runs, it waits for the start to finish and then stops.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
        }
        log.info("hookrelay stopping");
        List<AutoCloseable> parts = new ArrayList<>();
        parts.add(httpServer);
        parts.add(retention);
        parts.add(workerPool);
        parts.add(operatorEvents);
        parts.add(activity);
        parts.add(usage);
        meterBinders.stream().filter(AutoCloseable.class::isInstance).map(AutoCloseable.class::cast).forEach(parts::add);
        parts.add(database);
        RuntimeException failure = null;
        for (AutoCloseable part : parts) {
            try {
                part.close();
            } catch (Exception | Error e) {
                // An Error too (a class that cannot be loaded any more, say): the parts after it still close, and
                // whoever waits for the stop is told rather than left waiting.
                if (failure == null) {
                    failure = new IllegalStateException("hookrelay did not stop cleanly", e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        stopFailure = failure;
        stopped.countDown();
        if (failure != null) {
            log.error("hookrelay stopped with errors", failure);
            throw failure;
        }
        log.info("hookrelay stopped");
    }

    /**
     * Blocks until {@link #close()} has finished, whoever called it.
     *
     * @return what went wrong while stopping, if anything did
     */
    public Optional<RuntimeException> awaitStopped() throws InterruptedException {
        stopped.await();
        return Optional.ofNullable(stopFailure);
    }

    private static String hostAndPort(InetSocketAddress address) {
        String host = address.getAddress().getHostAddress();
        return (address.getAddress() instanceof Inet6Address ? "[" + host + "]" : host) + ":" + address.getPort();
    }

    private static void closeAfterFailure(AutoCloseable resource, RuntimeException failure) {
        try {
            resource.close();
        } catch (Exception closeFailure) {
            failure.addSuppressed(closeFailure);
        }
    }
}
