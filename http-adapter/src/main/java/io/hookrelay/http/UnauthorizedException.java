package io.hookrelay.http;

import io.hookrelay.delivery.error.RelayException;

/** A management request without the right admin token; the message never repeats what was presented. */
public final class UnauthorizedException extends RelayException {
    public UnauthorizedException(String message) {
        super("unauthorized", message);
    }
}
