package io.hookrelay.http;

/**
 * Decides what {@code GET /readyz} answers. It is called on a worker thread for every probe and may touch
 * the database, so it should answer quickly but need not avoid blocking.
 */
@FunctionalInterface
public interface ReadinessCheck {
    Readiness check();
}
