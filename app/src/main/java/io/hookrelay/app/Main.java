package io.hookrelay.app;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.util.Modules;
import io.hookrelay.cli.HookrelayCli;
import io.hookrelay.cli.ServeOptions;
import java.util.Optional;

/** {@code java -jar hookrelay.jar}: the command line, with the server this module wires behind {@code serve}. */
public final class Main {
    private Main() {
    }

    /** The only place the process exits: every command reports through its exit code. */
    public static void main(String[] args) {
        int exitCode = HookrelayCli.commandLine(new ProcessServerLauncher(Main::injector), new StorageRestore(), System::getenv)
                .execute(args);
        System.exit(exitCode);
    }

    /** The process's one injector, created when {@code serve} has its options. */
    static Injector injector(ServeOptions options) {
        return Guice.createInjector(new HookrelayModule(options,
                Optional.ofNullable(System.getenv(HttpModule.ADMIN_TOKEN_FROM_ENVIRONMENT)),
                Optional.ofNullable(System.getenv(StartupSettings.SECRET_KEY_FROM_ENVIRONMENT))));
    }

    /**
     * The injector with the admin token given rather than read from the environment, and the secret key kept
     * in the data directory, for tests. A test that must reach behind a port (a store that fails on demand, a
     * clock it moves) passes bindings that replace the production ones; everything else is wired exactly as
     * {@code serve} wires it.
     */
    public static Injector injector(ServeOptions options, Optional<String> adminToken, Module... replacements) {
        return Guice.createInjector(Modules.override(new HookrelayModule(options, adminToken, Optional.empty())).with(replacements));
    }
}
