package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.signing.SecretCipher;
import io.hookrelay.delivery.testing.RelayStores;
import io.hookrelay.storage.postgres.relay.PostgresRelayStores;
import java.security.SecureRandom;
import java.time.Clock;

/**
 * One hookrelay node's stores on a database: its own pool, its queue store and its relay stores, as a
 * process serving the database would open them. Tests of several nodes open several on one schema.
 */
public final class RelayNode implements AutoCloseable {
    /** What every node seals secrets with, and so what a test writing rows as an older version did seals them with. */
    public static final SecretCipher KEY = SecretCipher.fromBase64("MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
            "the tests' key", new SecureRandom());

    public final PostgresDatabase database;
    public final PostgresIntentStore intents;
    public final PostgresRelayStores relay;

    public RelayNode(PostgresSettings settings, Clock clock) {
        database = PostgresDatabase.open(settings, clock);
        try {
            intents = new PostgresIntentStore(database);
            relay = PostgresRelayStores.open(database, intents, KEY);
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /** This node's stores through their ports; closing them closes the node. */
    public RelayStores stores() {
        return new RelayStores(relay.sources(), relay.targets(), relay.routes(), relay.events(), relay.deliveries(),
                relay.retention(), intents, relay.tenants(), relay.settings(), relay.audit(), relay.targetAlerts(), relay.purge(),
                this::close);
    }

    /** Rows in {@code table}, to see that a refused call wrote nothing anywhere. */
    public long rows(String table) {
        return database.read("count " + table,
                handle -> handle.createQuery("SELECT count(*) FROM " + table).mapTo(Long.class).one());
    }

    /** The relay stores' threads, then the intent store's: both use the database until they stop. */
    @Override
    public void close() {
        try (database) {
            try {
                relay.close();
            } finally {
                intents.close();
            }
        }
    }
}
