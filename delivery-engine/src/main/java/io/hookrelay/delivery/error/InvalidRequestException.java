package io.hookrelay.delivery.error;

/** The request itself is wrong (a malformed id, a URL that is not http(s), an absurd timeout): nothing was changed. */
public class InvalidRequestException extends RelayException {
    public InvalidRequestException(String message) {
        super("invalid_request", message);
    }

    public InvalidRequestException(String code, String message) {
        super(code, message);
    }
}
