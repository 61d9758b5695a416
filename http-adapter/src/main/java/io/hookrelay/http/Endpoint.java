package io.hookrelay.http;

/**
 * One HTTP use case: turns a request into a use-case call and its result into a {@link Reply}. Refusals are
 * thrown ({@link io.hookrelay.delivery.RelayException}) and answered by {@link ErrorBoundary}.
 */
interface Endpoint {

    Reply handle(ApiRequest request);

    /** Whether the endpoint takes this query parameter; a request with any other is refused before {@link #handle}. */
    default boolean takesQueryParameter(String name) {
        return false;
    }
}
