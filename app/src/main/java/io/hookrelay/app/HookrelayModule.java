package io.hookrelay.app;

import com.google.inject.AbstractModule;
import io.hookrelay.cli.ServeOptions;
import java.time.Clock;
import java.util.Objects;

/**
 * Everything {@code hookrelay serve} runs, wired from its options. Like every module here it only
 * declares: nothing is opened or started until the injector is asked for it, and nothing runs until
 * {@link HookrelayServer#start} starts it.
 */
public final class HookrelayModule extends AbstractModule {
    private final ServeOptions options;

    public HookrelayModule(ServeOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    @Override
    protected void configure() {
        bind(ServeOptions.class).toInstance(options);
        bind(Clock.class).toInstance(Clock.systemUTC());
        install(new StorageModule());
        install(new QueueModule());
        install(new MetricsModule());
        install(new HttpModule());
    }
}
