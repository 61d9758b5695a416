package io.hookrelay.queue;

/**
 * A store could not do what was asked. Thrown as is, the store is unusable (closed, corrupt, disk gone):
 * a worker pool stops and readiness fails rather than spinning against it.
 */
public class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
