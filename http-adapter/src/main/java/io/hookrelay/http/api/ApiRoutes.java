package io.hookrelay.http;

import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.admin.DeliveryAdmin;
import io.hookrelay.delivery.admin.EventAdmin;
import io.hookrelay.delivery.admin.RouteAdmin;
import io.hookrelay.delivery.admin.SettingsAdmin;
import io.hookrelay.delivery.admin.SourceAdmin;
import io.hookrelay.delivery.admin.TargetAdmin;
import io.hookrelay.delivery.operator.OperatorEvents;
import io.hookrelay.delivery.usecase.IngestWebhook;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.time.Clock;
import java.util.Objects;

/**
 * The relay's HTTP API (DESIGN §5): the ingest endpoint {@code POST /hooks/{source}} and the management API
 * under {@code /api/v1}, which only the admin token opens. Hand it to
 * {@link HttpServer#HttpServer(HttpServerSettings, ReadinessCheck, io.micrometer.prometheusmetrics.PrometheusMeterRegistry, ApiRoutes)}.
 */
public final class ApiRoutes {
    private final AdminToken adminToken;
    private final IngestWebhook ingest;
    private final ApiOperations operations;
    private final ConsoleRoutes console;
    private final ActivityHistory activity;

    public ApiRoutes(AdminToken adminToken, IngestWebhook ingest, SourceAdmin sources, TargetAdmin targets, RouteAdmin routes,
                     EventAdmin events, DeliveryAdmin deliveries, BackupAdmin backups, SettingsAdmin settings,
                     OperatorEvents operatorEvents) {
        this(adminToken, ingest, new UseCaseOperations(sources, targets, routes, events, deliveries, backups, settings, operatorEvents));
    }

    ApiRoutes(AdminToken adminToken, IngestWebhook ingest, ApiOperations operations) {
        this(adminToken, ingest, operations, console(adminToken, Clock.systemUTC(), false), ActivityHistory.NONE);
    }

    private ApiRoutes(AdminToken adminToken, IngestWebhook ingest, ApiOperations operations, ConsoleRoutes console,
                      ActivityHistory activity) {
        this.adminToken = Objects.requireNonNull(adminToken, "adminToken");
        this.ingest = Objects.requireNonNull(ingest, "ingest");
        this.operations = Objects.requireNonNull(operations, "operations");
        this.console = Objects.requireNonNull(console, "console");
        this.activity = Objects.requireNonNull(activity, "activity");
    }

    /**
     * The same routes with the console's sessions timed by {@code clock} and, when the server sits behind HTTPS
     * ({@code behindHttps}), their cookie sent over HTTPS only.
     */
    public ApiRoutes withConsole(Clock clock, boolean behindHttps) {
        return new ApiRoutes(adminToken, ingest, operations, console(adminToken, clock, behindHttps), activity);
    }

    /** The same routes with {@code GET /api/v1/stats/activity} answering from {@code history}. */
    public ApiRoutes withActivity(ActivityHistory history) {
        return new ApiRoutes(adminToken, ingest, operations, console, history);
    }

    private static ConsoleRoutes console(AdminToken adminToken, Clock clock, boolean behindHttps) {
        return new ConsoleRoutes(new ConsoleSessions(adminToken, clock, ConsoleSessions.DEFAULT_LIFETIME, behindHttps),
                new SignInThrottle(clock));
    }

    void addTo(Router.Builder router, RequestBodies bodies) {
        router.route(Methods.POST, "/hooks/{source}", new IngestHandler(ingest, bodies));

        route(router, bodies, Methods.POST, "/api/v1/sources", new CreateSourceHandler(operations));
        route(router, bodies, Methods.GET, "/api/v1/sources", new ListSourcesHandler(operations));
        route(router, bodies, Methods.GET, "/api/v1/sources/{id}", new GetSourceHandler(operations));
        route(router, bodies, Methods.PUT, "/api/v1/sources/{id}", new ReplaceSourceHandler(operations));
        route(router, bodies, Methods.DELETE, "/api/v1/sources/{id}", new DeleteSourceHandler(operations));

        route(router, bodies, Methods.POST, "/api/v1/targets", new CreateTargetHandler(operations));
        route(router, bodies, Methods.GET, "/api/v1/targets", new ListTargetsHandler(operations));
        route(router, bodies, Methods.GET, "/api/v1/targets/{id}", new GetTargetHandler(operations));
        route(router, bodies, Methods.PUT, "/api/v1/targets/{id}", new ReplaceTargetHandler(operations));
        route(router, bodies, Methods.DELETE, "/api/v1/targets/{id}", new DeleteTargetHandler(operations));
        route(router, bodies, Methods.POST, "/api/v1/targets/{id}/pause", new PauseTargetHandler(operations));
        route(router, bodies, Methods.POST, "/api/v1/targets/{id}/rotate-secret", new RotateSecretHandler(operations));
        route(router, bodies, Methods.POST, "/api/v1/targets/{id}/resume", new ResumeTargetHandler(operations));

        route(router, bodies, Methods.POST, "/api/v1/routes", new CreateRouteHandler(operations));
        route(router, bodies, Methods.GET, "/api/v1/routes", new ListRoutesHandler(operations));
        route(router, bodies, Methods.DELETE, "/api/v1/routes/{id}", new DeleteRouteHandler(operations));

        route(router, bodies, Methods.GET, "/api/v1/events", new ListEventsHandler(operations));
        route(router, bodies, Methods.GET, "/api/v1/events/{id}", new GetEventHandler(operations));
        route(router, bodies, Methods.POST, "/api/v1/events/{id}/replay", new ReplayEventHandler(operations));

        route(router, bodies, Methods.GET, "/api/v1/deliveries", new ListDeliveriesHandler(operations));
        route(router, bodies, Methods.POST, "/api/v1/deliveries/retry", new BulkRetryHandler(operations));
        route(router, bodies, Methods.GET, "/api/v1/deliveries/{id}", new GetDeliveryHandler(operations));
        route(router, bodies, Methods.POST, "/api/v1/deliveries/{id}/retry", new RetryDeliveryHandler(operations));
        route(router, bodies, Methods.POST, "/api/v1/deliveries/{id}/cancel", new CancelDeliveryHandler(operations));

        route(router, bodies, Methods.GET, "/api/v1/operator-events", new ListOperatorEventsHandler(operations));
        route(router, bodies, Methods.GET, "/api/v1/settings", new GetSettingsHandler(operations));
        route(router, bodies, Methods.PUT, "/api/v1/settings", new ReplaceSettingsHandler(operations));

        route(router, bodies, Methods.GET, "/api/v1/stats/activity", new ActivityHandler(activity));
        route(router, bodies, Methods.GET, "/api/v1/stats/pending", new PendingHandler(operations));

        router.route(Methods.GET, "/api/v1/admin/backup", new BackupDownloadHandler(operations));
        route(router, bodies, Methods.POST, "/api/v1/admin/backup", new BackupHandler(operations));

        console.addTo(router, bodies);
    }

    /** Puts the admin-token check in front of {@code next} for every {@code /api/v1} path. */
    HttpHandler authenticate(HttpHandler next) {
        return new AdminAuthentication(adminToken, console.sessions(), next);
    }

    private static void route(Router.Builder router, RequestBodies bodies, HttpString method, String template, Endpoint endpoint) {
        router.route(method, template, new EndpointHandler(endpoint, bodies));
    }
}
