package io.hookrelay.http.api;

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
import io.hookrelay.http.ActivityHistory;
import io.hookrelay.http.Endpoints;
import io.hookrelay.http.RequestBodies;
import io.hookrelay.http.Routes;
import io.hookrelay.http.console.AdminToken;
import io.hookrelay.http.console.ConsoleRoutes;
import io.hookrelay.http.ingest.IngestHandler;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Methods;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The relay's HTTP API (DESIGN §5): the ingest endpoints {@code POST /hooks/{source}} and {@code /hooks/{tenant}/{source}}, the management API under
 * {@code /api/v1}, which only the admin token opens, and the operator console. Each endpoint calls the one in-port of
 * delivery-engine it serves. Hand it to an {@link io.hookrelay.http.HttpServer}.
 */
public final class ApiRoutes implements Endpoints {
    private static final String INGEST_PATH = "/hooks/";
    private final AdminToken adminToken;
    private final IngestWebhook ingest;
    private final List<Consumer<ApiEndpoints>> management;
    private final KeepAuditLog audit;
    private final ManageTenants tenants;
    private final ConsoleRoutes console;
    private final ActivityHistory activity;
    private final boolean ingestOnIoThreads;

    public ApiRoutes(AdminToken adminToken, IngestWebhook ingest, ManageSources sources, ManageTargets targets, ManageRoutes routes,
                     BrowseEvents events, ReplayEvents replays, ManageDeliveries deliveries, ManageSettings settings,
                     BackUpDatabase backups, ListOperatorEvents operatorEvents, ManageTenants tenants, ManageTenantKeys keys,
                     ReportTenantUsage usage, KeepAuditLog audit, SignInWithKeys signIns) {
        this(adminToken, ingest, List.of(new SourceHandlers(sources)::addTo, new TargetHandlers(targets)::addTo,
                        new RouteHandlers(routes)::addTo, new EventHandlers(events, replays)::addTo,
                        new DeliveryHandlers(deliveries)::addTo, new OperatorEventHandler(operatorEvents)::addTo,
                        new SettingsHandlers(settings)::addTo, new BackupHandlers(backups)::addTo, new TenantHandlers(tenants, keys, usage)::addTo,
                        new AuditHandler(audit)::addTo),
                audit, tenants, ConsoleRoutes.of(adminToken, signIns, Clock.systemUTC(), false), ActivityHistory.NONE, false);
    }

    private ApiRoutes(AdminToken adminToken, IngestWebhook ingest, List<Consumer<ApiEndpoints>> management, KeepAuditLog audit,
                      ManageTenants tenants, ConsoleRoutes console, ActivityHistory activity, boolean ingestOnIoThreads) {
        this.adminToken = Objects.requireNonNull(adminToken, "adminToken");
        this.ingest = Objects.requireNonNull(ingest, "ingest");
        this.management = List.copyOf(management);
        this.audit = Objects.requireNonNull(audit, "audit");
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.console = Objects.requireNonNull(console, "console");
        this.activity = Objects.requireNonNull(activity, "activity");
        this.ingestOnIoThreads = ingestOnIoThreads;
    }

    /**
     * The same routes with the console's sessions timed by {@code clock} and, when the server sits behind HTTPS
     * ({@code behindHttps}), their cookie sent over HTTPS only.
     */
    public ApiRoutes withConsole(Clock clock, boolean behindHttps) {
        return new ApiRoutes(adminToken, ingest, management, audit, tenants, console.timedBy(clock, behindHttps), activity,
                ingestOnIoThreads);
    }

    /** The same routes with {@code GET /api/v1/stats/activity} answering from {@code history}. */
    public ApiRoutes withActivity(ActivityHistory history) {
        return new ApiRoutes(adminToken, ingest, management, audit, tenants, console, history, ingestOnIoThreads);
    }

    /**
     * The same routes with webhooks handled on the connection's I/O thread, for an {@code ingest} that never blocks:
     * its sources answered from memory and its store committing on a thread of its own. A webhook then costs no
     * hand-over to a request thread and back (docs/benchmarks.md, issue 33).
     */
    public ApiRoutes withIngestOnIoThreads() {
        return new ApiRoutes(adminToken, ingest, management, audit, tenants, console, activity, true);
    }

    @Override
    public void addTo(Routes routes, RequestBodies bodies) {
        IngestHandler webhooks = new IngestHandler(ingest, bodies);
        routes.add(Methods.POST, INGEST_PATH + "{source}", webhooks);
        routes.add(Methods.POST, INGEST_PATH + "{tenant}/{source}", webhooks);
        ApiEndpoints api = new ApiEndpoints(routes, bodies, audit, tenants);
        management.forEach(handlers -> handlers.accept(api));
        new ActivityHandler(activity).addTo(api);
        console.addTo(routes, bodies);
    }

    @Override
    public boolean handledOnIoThread(HttpServerExchange exchange) {
        return ingestOnIoThreads && exchange.getRelativePath().startsWith(INGEST_PATH);
    }

    /** Puts the admin-token check in front of every {@code /api/v1} path. */
    @Override
    public HttpHandler inFrontOf(HttpHandler routes) {
        return console.authenticating(routes);
    }
}
