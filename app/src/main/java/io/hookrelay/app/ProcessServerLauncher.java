package io.hookrelay.app;

import com.google.inject.Injector;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.cli.serve.ServerLauncher;
import io.hookrelay.http.WaitingServer;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the server as this process's whole life: starts it, stops it on SIGTERM/SIGINT or JVM shutdown,
 * and returns once it has stopped.
 */
final class ProcessServerLauncher implements ServerLauncher {
    /** How often a server waiting for room on a full disk tries to open its data directory again. */
    static final Duration ROOM_CHECK_EVERY = Duration.ofSeconds(2);
    private static final Logger log = LoggerFactory.getLogger(ProcessServerLauncher.class);

    private final Function<ServeOptions, Injector> injectorFactory;

    ProcessServerLauncher(Function<ServeOptions, Injector> injectorFactory) {
        this.injectorFactory = Objects.requireNonNull(injectorFactory, "injectorFactory");
    }

    @Override
    public void serve(ServeOptions options) {
        HookrelayServer server = StartupFailures.translate(options, () -> wiredOnceThereIsRoom(options));
        Runnable stop = () -> {
            try {
                server.close();
            } catch (RuntimeException e) {
                // awaitStopped() hands the same failure to the main thread, which reports it.
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "hookrelay-shutdown"));
        TerminationSignals.onTermination(stop);
        // Only now is a stop request heard; whoever waits for the "listening" line may send one at once.
        StartupFailures.translate(options, () -> {
            server.start();
            return server;
        });
        Optional<RuntimeException> stopFailure;
        try {
            stopFailure = server.awaitStopped();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.close();
            return;
        }
        if (stopFailure.isPresent()) {
            Throwable first = stopFailure.get().getCause();
            throw new CommandFailedException(StartupFailures.OTHER, "stopped with errors (see the log): "
                    + Objects.toString(first.getMessage(), first.getClass().getName()), stopFailure.get());
        }
    }

    /**
     * The server, its database open. A data directory on a full disk cannot be opened at all (SQLite needs room
     * for its shared-memory file and its native library, and a native library that failed to unpack cannot be
     * loaded again in the same process): rather than exit, to be restarted into the same failure, the process
     * answers on its port ({@link WaitingServer}), says why in the log, and looks again every
     * {@link #ROOM_CHECK_EVERY} until there is room, then opens it.
     */
    private HookrelayServer wiredOnceThereIsRoom(ServeOptions options) {
        if (options.database().isPresent() || SqliteDatabase.hasRoom(options.dataDir())) {
            return HookrelayServer.wire(injectorFactory.apply(options));
        }
        String reason = "the disk holding " + options.dataDir() + " is full; waiting for room";
        int port;
        try (WaitingServer waiting = WaitingServer.start(options.host(), options.port(), reason)) {
            port = waiting.port();
            log.warn("cannot open {}: the disk holding it is full; answering 503 on http://{}:{} and looking again every"
                    + " {} s until there is room", options.dataDir(), options.host(), port, ROOM_CHECK_EVERY.toSeconds());
            while (!SqliteDatabase.hasRoom(options.dataDir())) {
                sleep(ROOM_CHECK_EVERY);
            }
        }
        log.info("{} has room again; starting", options.dataDir());
        return HookrelayServer.wire(injectorFactory.apply(options.withPort(port)));
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for room on the disk", e);
        }
    }
}
