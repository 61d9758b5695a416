package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.cli.ServeOptions;
import io.hookrelay.http.HttpServer;
import io.hookrelay.http.HttpServerSettings;
import io.hookrelay.http.ReadinessCheck;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** The HTTP server and what its readiness endpoint checks. */
final class HttpModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(ReadinessCheck.class).to(ServerReadiness.class);
    }

    /** Built, not started: {@link HookrelayServer} binds the port. */
    @Provides
    @Singleton
    HttpServer httpServer(ServeOptions options, ReadinessCheck readiness, PrometheusMeterRegistry registry) {
        return new HttpServer(HttpServerSettings.of(options.host(), options.port()), readiness, registry);
    }
}
