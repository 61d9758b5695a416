package io.hookrelay.http;

import io.hookrelay.delivery.InvalidRequestException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import java.util.Objects;
import java.util.function.Predicate;

/** Runs an {@link Endpoint} on a request, refusing query parameters it does not take, and writes its reply. */
final class EndpointHandler implements HttpHandler {
    private final Endpoint endpoint;

    EndpointHandler(Endpoint endpoint) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        refuseUnknownQueryParameters(exchange, endpoint::takesQueryParameter);
        Reply reply = endpoint.handle(new ApiRequest(exchange));
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
