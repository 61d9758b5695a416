package io.hookrelay.it.api;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import java.net.http.HttpRequest.BodyPublisher;
import java.util.Map;
import java.util.Optional;

/**
 * Where a table of requests goes, with the admin token chosen per request: the in-process server or the real
 * jar in a child process, both through an {@link ApiClient}, so one table runs against both.
 */
interface ServerApi {

    /** Any request; {@code path} may carry a query and is sent as written, with {@code token} as the admin token if present. */
    ApiResponse send(Optional<String> token, String method, String path, BodyPublisher body, Map<String, String> headers);

    /** The same server through connections that no other request shares. */
    ServerApi onConnectionsOfItsOwn();

    static ServerApi of(ApiClient client) {
        return new ServerApi() {
            @Override
            public ApiResponse send(Optional<String> token, String method, String path, BodyPublisher body, Map<String, String> headers) {
                return client.withToken(token).send(method, path, body, headers);
            }

            @Override
            public ServerApi onConnectionsOfItsOwn() {
                return of(client.onConnectionsOfItsOwn());
            }
        };
    }
}
