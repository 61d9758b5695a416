package io.hookrelay.http.api;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.usecase.KeepAuditLog;
import io.hookrelay.delivery.usecase.ManageTenants;
import io.hookrelay.http.ApiRequest;
import io.hookrelay.http.JsonResponses;
import io.hookrelay.http.RequestBodies;
import io.hookrelay.http.Routes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The management API's endpoints on the server's {@link Routes}. Each refuses a query parameter it does not take,
 * then reads the request's body, if it has one, no further than {@link ApiRequest#MAX_JSON_BYTES} and without
 * holding a thread ({@link RequestBodies}), then runs and writes its {@link Reply}. Refusals are thrown, and answered
 * by {@link io.hookrelay.http.ErrorBoundary}. A request other than a {@code GET} that succeeded is recorded in the audit
 * log ({@link AuditHandler#changeOf}) before it is answered, unless it changed nothing.
 */
final class ApiEndpoints {
    private final Routes routes;
    private final RequestBodies bodies;
    private final KeepAuditLog audit;
    private final ManageTenants tenants;

    /** A use case over HTTP: the request turned into an in-port's call, its result into a reply. */
    @FunctionalInterface
    interface Endpoint {
        Reply handle(ApiRequest request);
    }

    /** @param tenants where the tenant a request names is looked up before anything is done in it */
    ApiEndpoints(Routes routes, RequestBodies bodies, KeepAuditLog audit, ManageTenants tenants) {
        this.routes = Objects.requireNonNull(routes, "routes");
        this.bodies = Objects.requireNonNull(bodies, "bodies");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.tenants = Objects.requireNonNull(tenants, "tenants");
    }

    void get(String template, Endpoint endpoint) {
        add(Methods.GET, template, Set.of(), endpoint);
    }

    /** A {@code GET} that takes the query parameters {@code takes}, such as a list's filters. */
    void get(String template, Set<String> takes, Endpoint endpoint) {
        add(Methods.GET, template, takes, endpoint);
    }

    /** A {@code GET} whose answer {@code handler} streams as it goes, rather than writing a reply whole. */
    void getStreamed(String template, HttpHandler handler) {
        routes.add(Methods.GET, template, exchange -> {
            refuseUnknownQueryParameters(exchange, Set.of());
            handler.handleRequest(exchange);
        });
    }

    void post(String template, Endpoint endpoint) {
        add(Methods.POST, template, Set.of(), endpoint);
    }

    /**
     * A {@code POST} of an action on what the request's {@code id} names in its tenant, such as a retry; it takes no body,
     * or {@code {}}, which is checked once the id is.
     */
    void postAction(String template, Function<ApiRequest, String> id, BiFunction<TenantId, String, Reply> action) {
        add(Methods.POST, template, Set.of(), request -> {
            String named = id.apply(request);
            request.noBody();
            return action.apply(request.tenant(), named);
        });
    }

    void put(String template, Endpoint endpoint) {
        add(Methods.PUT, template, Set.of(), endpoint);
    }

    /** A {@code DELETE} of what the request's {@code id} names in its tenant, answered {@code 204}. */
    <T> void delete(String template, Function<ApiRequest, T> id, BiConsumer<TenantId, T> deletion) {
        add(Methods.DELETE, template, Set.of(), request -> {
            deletion.accept(request.tenant(), id.apply(request));
            return Reply.noContent();
        });
    }

    private void add(HttpString method, String template, Set<String> takes, Endpoint endpoint) {
        routes.add(method, template, exchange -> {
            refuseUnknownQueryParameters(exchange, takes);
            ApiRequest request = new ApiRequest(exchange);
            if (request.key().isEmpty()) {
                requireExisting(request.tenant());
            }
            bodies.receive(exchange, ApiRequest.MAX_JSON_BYTES, received -> {
                Reply reply = endpoint.handle(request);
                if (!Methods.GET.equals(method) && !reply.changedNothing()) {
                    audit.record(AuditHandler.changeOf(method, template, request, reply));
                }
                reply(received, reply);
            });
        });
    }

    /**
     * A tenant the operator names that does not exist is refused before its request is read, whatever it asks: nothing
     * may be made, or found, in one. A key's tenant existed when it signed in.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such tenant
     */
    private void requireExisting(TenantId tenant) {
        if (!tenant.isDefault()) {
            tenants.get(tenant.value());
        }
    }

    private static void reply(HttpServerExchange exchange, Reply reply) {
        if (reply.body().isPresent()) {
            JsonResponses.send(exchange, reply.status(), reply.body().get());
        } else {
            JsonResponses.empty(exchange, reply.status());
        }
    }

    /** @throws InvalidRequestException naming the first query parameter the endpoint does not take */
    private static void refuseUnknownQueryParameters(HttpServerExchange exchange, Set<String> takes) {
        for (String name : exchange.getQueryParameters().keySet()) {
            if (!takes.contains(name)) {
                throw new InvalidRequestException("unknown query parameter " + name);
            }
        }
    }
}
