package io.hookrelay.app;

import io.hookrelay.cli.HookrelayCli;

/** {@code java -jar hookrelay.jar}: the command line, with the server this module wires behind {@code serve}. */
public final class Main {
    private Main() {
    }

    /** The only place the process exits: every command reports through its exit code. */
    public static void main(String[] args) {
        int exitCode = HookrelayCli.commandLine(new ProcessServerLauncher(), System::getenv).execute(args);
        System.exit(exitCode);
    }
}
