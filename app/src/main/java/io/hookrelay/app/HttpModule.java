package io.hookrelay.app;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.hookrelay.app.metrics.ActivitySampler;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.usecase.BackUpDatabase;
import io.hookrelay.delivery.usecase.BrowseEvents;
import io.hookrelay.delivery.usecase.IngestWebhook;
import io.hookrelay.delivery.usecase.KeepAuditLog;
import io.hookrelay.delivery.usecase.ListOperatorEvents;
import io.hookrelay.delivery.usecase.ManageDeliveries;
import io.hookrelay.delivery.usecase.ManageRoutes;
import io.hookrelay.delivery.usecase.ManageSettings;
import io.hookrelay.delivery.usecase.ManageSources;
import io.hookrelay.delivery.usecase.ManageTargets;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import io.hookrelay.delivery.usecase.ManageTenants;
import io.hookrelay.delivery.usecase.ReplayEvents;
import io.hookrelay.delivery.usecase.ReportTenantUsage;
import io.hookrelay.delivery.usecase.SignInWithKeys;
import io.hookrelay.http.HttpServer;
import io.hookrelay.http.HttpServerSettings;
import io.hookrelay.http.ReadinessCheck;
import io.hookrelay.http.api.ApiRoutes;
import io.hookrelay.http.console.AdminToken;
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
    ApiRoutes apiRoutes(AdminTokenFile adminToken, IngestWebhook ingest, ManageSources sources, ManageTargets targets,
                        ManageRoutes routes, BrowseEvents events, ReplayEvents replays, ManageDeliveries deliveries,
                        ManageSettings settings, BackUpDatabase backups, ListOperatorEvents operatorEvents, ManageTenants tenants,
                        ManageTenantKeys keys, ReportTenantUsage usage, KeepAuditLog audit, SignInWithKeys signIns, ServeOptions options,
                        Clock clock, ActivitySampler activity) {
        ApiRoutes api = new ApiRoutes(new AdminToken(adminToken.token()), ingest, sources, targets, routes, events, replays, deliveries,
                settings, backups, operatorEvents, tenants, keys, usage, audit, signIns)
                .withConsole(clock, options.behindHttps())
                .withActivity(activity);
        // SQLite's ingest never blocks: its sources are read from memory and its events committed by the writer
        // thread. PostgreSQL's reads each source and commits on the calling thread, so it stays on request threads.
        return options.database().isEmpty() ? api.withIngestOnIoThreads() : api;
    }
}
