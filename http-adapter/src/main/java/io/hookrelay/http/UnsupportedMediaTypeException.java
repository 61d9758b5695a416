package io.hookrelay.http;

import io.hookrelay.delivery.error.RelayException;

/** A management request whose body is not declared as JSON in UTF-8, the only kind the API reads. */
final class UnsupportedMediaTypeException extends RelayException {
    UnsupportedMediaTypeException(String message) {
        super("unsupported_media_type", message);
    }
}
