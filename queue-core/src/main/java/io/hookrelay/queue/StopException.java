package io.hookrelay.queue;

/**
 * Thrown by a handler when retrying cannot help (the request is malformed, the receiver said "gone"): the
 * intent becomes {@code failed} at once and keeps this message for operators.
 */
public class StopException extends Exception {
    public StopException(String message) {
        super(message);
    }

    public StopException(String message, Throwable cause) {
        super(message, cause);
    }
}
