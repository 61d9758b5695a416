package io.hookrelay.queue;

/**
 * A store call failed for a reason that passes (the database was busy or locked, a retryable I/O
 * error). Nothing was written; the same call may be repeated, and a worker repeats outcome writes until
 * they land rather than drop them.
 */
public class TransientStoreException extends StoreException {
    public TransientStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
