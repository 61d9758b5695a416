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

    /**
     * The most of this request's body the endpoint reads, asked before any of it is read; a refusal thrown here
     * comes before the body too, so none of it is held.
     */
    default int bodyLimit(ApiRequest request) {
        return ApiRequest.MAX_JSON_BYTES;
    }
}
