package io.hookrelay.delivery.error;

import java.util.Objects;

/**
 * A refusal the caller can act on, with a short machine-readable {@code code} (such as
 * {@code unknown_source}) and a message for people. Adapters map each subclass to their own vocabulary (an
 * HTTP status, a CLI exit code); the message never contains a secret.
 */
public abstract class RelayException extends RuntimeException {
    private final String code;

    protected RelayException(String code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public String code() {
        return code;
    }
}
