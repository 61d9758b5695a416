package io.hookrelay.delivery.error;

/** An inbound webhook failed its source's verification; nothing was stored. */
public class InvalidSignatureException extends RelayException {
    public InvalidSignatureException(String message) {
        super("invalid_signature", message);
    }

    public InvalidSignatureException(String code, String message) {
        super(code, message);
    }
}
