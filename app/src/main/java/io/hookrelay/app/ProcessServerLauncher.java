package io.hookrelay.app;

import com.google.inject.Injector;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.cli.serve.ServerLauncher;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs the server as this process's whole life: starts it, stops it on SIGTERM/SIGINT or JVM shutdown,
 * and returns once it has stopped.
 */
final class ProcessServerLauncher implements ServerLauncher {
    private final Function<ServeOptions, Injector> injectorFactory;

    ProcessServerLauncher(Function<ServeOptions, Injector> injectorFactory) {
        this.injectorFactory = Objects.requireNonNull(injectorFactory, "injectorFactory");
    }

    @Override
    public void serve(ServeOptions options) {
        HookrelayServer server = StartupFailures.translate(options,
                () -> HookrelayServer.wire(injectorFactory.apply(options)));
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
}
