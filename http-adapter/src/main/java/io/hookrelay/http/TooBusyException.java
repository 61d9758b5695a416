package io.hookrelay.http;

import io.hookrelay.delivery.error.RelayException;

/** A request the server has no room for now ({@link BodyBudget}); answered {@code 503}, to be retried shortly. */
final class TooBusyException extends RelayException {
    TooBusyException(String message) {
        super("busy", message);
    }
}
