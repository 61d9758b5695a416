package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.app.metrics.ActivitySampler;
import io.hookrelay.cli.ServeOptions;
import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.admin.DeliveryAdmin;
import io.hookrelay.delivery.admin.EventAdmin;
import io.hookrelay.delivery.admin.RouteAdmin;
import io.hookrelay.delivery.admin.SettingsAdmin;
import io.hookrelay.delivery.admin.SourceAdmin;
import io.hookrelay.delivery.admin.TargetAdmin;
import io.hookrelay.delivery.usecase.IngestWebhook;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.http.AdminToken;
import io.hookrelay.http.ApiRoutes;
import io.hookrelay.http.HttpServer;
import io.hookrelay.http.HttpServerSettings;
import io.hookrelay.http.ReadinessCheck;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;

/** The HTTP server, the management API's admin token and what the readiness endpoint checks. */
final class HttpModule extends AbstractModule {
    static final String ADMIN_TOKEN_FROM_ENVIRONMENT = "HOOKRELAY_ADMIN_TOKEN";

    @Override
    protected void configure() {
        bind(ReadinessCheck.class).to(ServerReadiness.class);
    }

    /** Built, not started: {@link HookrelayServer} binds the port. */
    @Provides
    @Singleton
    HttpServer httpServer(HttpServerSettings settings, ReadinessCheck readiness, PrometheusMeterRegistry registry, ApiRoutes api) {
        return new HttpServer(settings, readiness, registry, api);
    }

    /** Where {@code serve} listens, with the server's own deadlines; tests of stalled clients replace it with shorter ones. */
    @Provides
    @Singleton
    HttpServerSettings httpServerSettings(ServeOptions options) {
        return HttpServerSettings.of(options.host(), options.port());
    }

    @Provides
    @Singleton
    ApiRoutes apiRoutes(AdminTokenFile adminToken, IngestWebhook ingest, SourceAdmin sources, TargetAdmin targets,
                        RouteAdmin routes, EventAdmin events, DeliveryAdmin deliveries, BackupAdmin backups,
                        SettingsAdmin settings, OperatorEvents operatorEvents, ServeOptions options, Clock clock,
                        ActivitySampler activity) {
        return new ApiRoutes(new AdminToken(adminToken.token()), ingest, sources, targets, routes, events, deliveries,
                backups, settings, operatorEvents)
                .withConsole(clock, options.behindHttps())
                .withActivity(activity);
    }
}
