package io.hookrelay.http;

import io.hookrelay.delivery.error.RelayException;

/** A request that is signed in but may not do what it asks: a console change without its CSRF token. */
public final class ForbiddenException extends RelayException {
    public ForbiddenException(String message) {
        super("forbidden", message);
    }
}
