package io.hookrelay.storage.postgres.relay;

/**
 * The database's secrets are sealed with a key this node was not given. Every node must be started with the
 * same key: one with another would send deliveries with signatures no receiver accepts, and seal secrets the
 * other nodes could not open, so the start is refused before any secret is read or written. Unlike a SQLite
 * data directory, which adopts a new key while it holds no secret, the database keeps the first node's key
 * from the start: another node may be sealing its first secret with that key at that very moment.
 */
public class SecretKeyMismatchException extends RuntimeException {
    SecretKeyMismatchException(String location, String keyOrigin) {
        super("the secret key from " + keyOrigin + " is not the one the secrets in " + location
                + " are sealed with; start every node with the same key");
    }
}
