package io.hookrelay.app;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.util.Modules;
import io.hookrelay.cli.HookrelayCli;
import io.hookrelay.cli.serve.ServeOptions;
import java.util.Optional;

/** {@code java -jar hookrelay.jar}: the command line, with the server this module wires behind {@code serve}. */
public final class Main {
    private Main() {
    }

    /**
     * Gives the common pool two threads at least, before anything touches {@code CompletableFuture}: with
     * fewer, its default executor is a new thread per task, and the JDK's {@code HttpClient} hands every
     * asynchronous exchange's end to that executor (an empty stage it adds, whoever waits). Unless the
     * operator chose a parallelism.
     */
    static final String COMMON_POOL_PARALLELISM = "java.util.concurrent.ForkJoinPool.common.parallelism";

    /** The only place the process exits: every command reports through its exit code. */
    public static void main(String[] args) {
        if (System.getProperty(COMMON_POOL_PARALLELISM) == null) {
            System.setProperty(COMMON_POOL_PARALLELISM, "2");
        }
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

    /** The same with the secret key given as {@code HOOKRELAY_SECRET_KEY} gives it, which a node on PostgreSQL needs. */
    public static Injector injector(ServeOptions options, String adminToken, String secretKey) {
        return Guice.createInjector(new HookrelayModule(options, Optional.of(adminToken), Optional.of(secretKey)));
    }
}
