package io.hookrelay.delivery.send;

/**
 * A delivery attempt that failed in a way a later attempt may not: retried on the target's schedule. Its
 * message starts with the outcome's label ({@code http_5xx: …}), which is what operators read in the
 * delivery's last error and attempt log.
 */
final class DeliveryFailedException extends Exception {
    DeliveryFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
