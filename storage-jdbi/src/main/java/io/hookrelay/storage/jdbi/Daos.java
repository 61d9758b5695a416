package io.hookrelay.storage.jdbi;

/**
 * The DAOs of one piece of work, each bound to the handle it runs on: a JDBI handle's {@code attach}, or
 * SQLite's, which attaches each DAO type once per connection.
 */
@FunctionalInterface
public interface Daos {

    <D> D attach(Class<D> dao);
}
