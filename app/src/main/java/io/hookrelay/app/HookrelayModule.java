package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.TypeLiteral;
import com.google.inject.name.Names;
import io.hookrelay.cli.ServeOptions;
import java.time.Clock;
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

    /** @param adminTokenFromEnvironment {@code HOOKRELAY_ADMIN_TOKEN}, read by the caller so tests can give one */
    public HookrelayModule(ServeOptions options, Optional<String> adminTokenFromEnvironment) {
        this.options = Objects.requireNonNull(options, "options");
        this.adminTokenFromEnvironment = Objects.requireNonNull(adminTokenFromEnvironment, "adminTokenFromEnvironment");
    }

    @Override
    protected void configure() {
        bind(ServeOptions.class).toInstance(options);
        bind(Clock.class).toInstance(Clock.systemUTC());
        bind(new TypeLiteral<Optional<String>>() { })
                .annotatedWith(Names.named(HttpModule.ADMIN_TOKEN_FROM_ENVIRONMENT))
                .toInstance(adminTokenFromEnvironment);
        install(new StorageModule());
        install(new BackupModule());
        install(new QueueModule());
        install(new RelayModule());
        install(new MetricsModule());
        install(new RetentionModule());
        install(new HttpModule());
    }
}
