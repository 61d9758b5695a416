package io.hookrelay.http;

import io.hookrelay.delivery.InvalidRequestException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Runs an {@link Endpoint} on a request, refusing query parameters it does not take, once its body is read as
 * far as the endpoint's limit, and writes its reply.
 */
final class EndpointHandler implements HttpHandler {
    private final Endpoint endpoint;
    private final RequestBodies bodies;

    EndpointHandler(Endpoint endpoint, RequestBodies bodies) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.bodies = Objects.requireNonNull(bodies, "bodies");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        refuseUnknownQueryParameters(exchange, endpoint::takesQueryParameter);
        ApiRequest request = new ApiRequest(exchange);
        bodies.receive(exchange, endpoint.bodyLimit(request), received -> reply(received, endpoint.handle(request)));
    }

    private static void reply(HttpServerExchange exchange, Reply reply) {
        if (reply.body().isPresent()) {
            JsonResponses.send(exchange, reply.status(), reply.body().get());
        } else {
            JsonResponses.empty(exchange, reply.status());
        }
    }

    /** @throws InvalidRequestException naming the first query parameter the handler does not take */
    static void refuseUnknownQueryParameters(HttpServerExchange exchange, Predicate<String> takes) {
        for (String name : exchange.getQueryParameters().keySet()) {
            if (!takes.test(name)) {
                throw new InvalidRequestException("unknown query parameter " + name);
            }
        }
    }
}
