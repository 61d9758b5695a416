package io.hookrelay.delivery.error;

/** An inbound body is larger than its source accepts; nothing was stored. */
public class PayloadTooLargeException extends RelayException {
    public PayloadTooLargeException(String message) {
        super("payload_too_large", message);
    }

    public PayloadTooLargeException(String code, String message) {
        super(code, message);
    }
}
