package io.hookrelay.delivery.error;

/** The request clashes with what exists (a duplicate id, a delivery that cannot be retried in its state): nothing was changed. */
public class ConflictException extends RelayException {
    public ConflictException(String message) {
        super("conflict", message);
    }

    public ConflictException(String code, String message) {
        super(code, message);
    }
}
