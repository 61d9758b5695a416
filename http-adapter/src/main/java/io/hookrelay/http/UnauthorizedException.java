package io.hookrelay.http;

import io.hookrelay.delivery.RelayException;

/** A management request without the right admin token; the message never repeats what was presented. */
final class UnauthorizedException extends RelayException {
    UnauthorizedException(String message) {
        super("unauthorized", message);
    }
}
