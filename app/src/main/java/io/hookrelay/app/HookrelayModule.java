package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.cli.serve.ServeOptions;
import java.security.SecureRandom;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything {@code hookrelay serve} runs, wired from its options. Like every module here it only
 * declares: nothing is opened or started until the injector is asked for it, and nothing runs until
 * {@link HookrelayServer#start} starts it.
 */
public final class HookrelayModule extends AbstractModule {
    private final ServeOptions options;
    private final Optional<String> adminTokenFromEnvironment;
    private final Optional<String> secretKeyFromEnvironment;
    private final Module storage;

    /**
     * @param adminTokenFromEnvironment {@code HOOKRELAY_ADMIN_TOKEN} and
     * @param secretKeyFromEnvironment  {@code HOOKRELAY_SECRET_KEY}, read by the caller so tests can give them
     */
    public HookrelayModule(ServeOptions options, Optional<String> adminTokenFromEnvironment, Optional<String> secretKeyFromEnvironment) {
        this.options = Objects.requireNonNull(options, "options");
        this.adminTokenFromEnvironment = Objects.requireNonNull(adminTokenFromEnvironment, "adminTokenFromEnvironment");
        this.secretKeyFromEnvironment = Objects.requireNonNull(secretKeyFromEnvironment, "secretKeyFromEnvironment");
        this.storage = storage();
    }

    @Override
    protected void configure() {
        bind(ServeOptions.class).toInstance(options);
        install(storage);
        install(new BackupModule());
        install(new QueueModule());
        install(new RelayModule());
        install(new MetricsModule());
        install(new RetentionModule());
        install(new HttpModule());
    }

    /**
     * SQLite in the data directory, unless {@code --database} names a PostgreSQL database. Chosen when the
     * module is made, not in {@link #configure()}: Guice logs what that throws, stack trace and all.
     */
    private Module storage() {
        return options.database().isEmpty() ? new SqliteStorageModule() : new PostgresStorageModule();
    }

    @Provides
    @Singleton
    StartupSettings startupSettings(SecureRandom random) {
        return StartupSettings.check(options, adminTokenFromEnvironment, secretKeyFromEnvironment, random);
    }
}
