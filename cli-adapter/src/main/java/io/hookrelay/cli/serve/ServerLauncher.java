package io.hookrelay.cli.serve;

import io.hookrelay.cli.common.CommandFailedException;

/**
 * Runs the server for {@code hookrelay serve}. The command line only parses and checks; starting storage,
 * workers and HTTP is the application's business, which is why this is an interface the CLI calls.
 */
@FunctionalInterface
public interface ServerLauncher {
    /**
     * Starts the server and returns only once it has stopped.
     *
     * @throws CommandFailedException when it cannot start, carrying the exit code and the line to show
     */
    void serve(ServeOptions options);
}
