package io.hookrelay.delivery.error;

/** What the request names does not exist. */
public class NotFoundException extends RelayException {
    public NotFoundException(String message) {
        super("not_found", message);
    }

    public NotFoundException(String code, String message) {
        super(code, message);
    }
}
