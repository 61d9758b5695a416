package io.hookrelay.http;

import io.hookrelay.delivery.error.RelayException;

/** The path names an endpoint that does not take the request's method; {@link #allowed()} lists those it takes. */
final class MethodNotAllowedException extends RelayException {
    private final String allowed;

    MethodNotAllowedException(String allowed) {
        super("method_not_allowed", "this endpoint allows " + allowed);
        this.allowed = allowed;
    }

    /** The value of the {@code Allow} header, such as {@code "GET, PUT"}. */
    String allowed() {
        return allowed;
    }
}
